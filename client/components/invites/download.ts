/**
 * Saves a CSV text as a file through a temporary object URL: the handles' codes are shown once and
 * never fetched again, so the file is made from the answer in memory and nothing leaves the browser.
 */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
