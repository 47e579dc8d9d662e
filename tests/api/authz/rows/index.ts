import type { MatrixRow } from "../types";
import { identityRows } from "./identity";
import { logsRows } from "./logs";

/** Every /v2 endpoint's row; each resource adds its own file and list here. */
export const MATRIX_ROWS: MatrixRow[] = [...identityRows, ...logsRows];
