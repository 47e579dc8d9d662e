import type { i18n } from "i18next";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/connection";
import type { ServiceContext } from "../lib/context";
import type { CaptchaService } from "../services/identity";

/** What /v2 handlers are built from. */
export interface ApiDeps {
  config: Config;
  database: DatabaseHandle;
  i18n: i18n;
  services: ServiceContext;
  captcha: CaptchaService;
}
