/** The export's CSV cells and rows: the shared writer, so exports and the other CSV files quote and guard alike. */
export { type CsvCell as CellValue, csvCell, csvRow, csvRows, neutralizeFormula } from "../../../shared/csv";
