import type { i18n } from "i18next";
import type { Logger } from "pino";
import type { NavEdition } from "../../shared/domain/navigation";
import type { ServiceContext } from "../lib/context";
import type { Assets } from "./assets";

/** What the page routes need from the application. */
export interface PageDeps {
  services: ServiceContext;
  i18n: i18n;
  assets: Assets;
  edition: NavEdition;
  captcha: "altcha" | "off";
  logger: Logger;
}
