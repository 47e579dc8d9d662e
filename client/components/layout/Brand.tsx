/** The Bulwark mark and name; decorative shield drawn inline so it costs no request. */
export function Brand({ compact = false }: { compact?: boolean }) {
  return (
    <span className={compact ? "brand brand-compact" : "brand"}>
      <svg className="brand-mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <path d="M16 2 4 6.5v8.8c0 7.3 5.1 13.6 12 15.7 6.9-2.1 12-8.4 12-15.7V6.5L16 2Z" fill="currentColor" />
        <path d="m11 16.2 3.4 3.4L21.5 12.5" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="brand-name">Bulwark</span>
    </span>
  );
}
