/**
 * `bulwark devices wipe | delete <user-uid> <device-id>` (docs/API.md `PUT /v2/device/wipe`,
 * `DELETE /v2/device`) through the shared `createUsersApi`: both ask on a terminal and need `--yes`
 * otherwise. A wipe stays pending until the communications service acknowledges it (`bulwark users
 * show <uid>`); a delete removes the device from the user's account at once.
 */
import type { Command } from "commander";
import { createUsersApi } from "../../shared/api";
import { DeviceActionSchema } from "../../shared/schemas/device";
import type { CliContext } from "../runtime";
import { addCommonOptions, apiOptions, confirmOrRefuse, validated, type CommonOptions } from "./common";
import { examples } from "./help";

/** The `--json` document of `devices wipe`. */
export interface DeviceWipeJson {
  uid: string;
  deviceId: string;
  /** Always "pending": the device is wiped when the service next reaches it. */
  wipe: "pending";
}

/** The `--json` document of `devices delete`. */
export interface DeviceDeleteJson {
  uid: string;
  deviceId: string;
  deleted: true;
}

/** Registers the `devices` group on the program. */
export function registerDevicesCommands(program: Command, cli: CliContext): void {
  const { t } = cli;
  const group = program.command("devices").description(t("devices.description")).addHelpText("after", examples(t, "devices.examples"));

  addCommonOptions(
    group
      .command("wipe")
      .description(t("devices.wipeDescription"))
      .argument("<user-uid>", t("devices.argUserUid"))
      .argument("<device-id>", t("devices.argDeviceId")),
    t,
  )
    .option("-y, --yes", t("devices.optYes"))
    .addHelpText("after", examples(t, "devices.wipeExamples"))
    .action(async (uid: string, deviceId: string, opts: CommonOptions & { yes?: boolean }) => {
      const body = validated(DeviceActionSchema, { uid, deviceId }, t, { uid: "<user-uid>", deviceId: "<device-id>" });
      const api = createUsersApi(apiOptions(cli, opts));
      await confirmOrRefuse(cli, t("devices.confirmWipe", { deviceId, uid }), opts.yes, t("devices.needYes"));
      await api.wipeDevice(body);
      const doc: DeviceWipeJson = { uid, deviceId, wipe: "pending" };
      const out = cli.output(Boolean(opts.json));
      out.result(doc, () => out.success(t("devices.wiped", { message: t("errors:deviceWipe200"), deviceId })));
    });

  addCommonOptions(
    group
      .command("delete")
      .alias("rm")
      .description(t("devices.deleteDescription"))
      .argument("<user-uid>", t("devices.argUserUid"))
      .argument("<device-id>", t("devices.argDeviceId")),
    t,
  )
    .option("-y, --yes", t("devices.optYes"))
    .addHelpText("after", examples(t, "devices.deleteExamples"))
    .action(async (uid: string, deviceId: string, opts: CommonOptions & { yes?: boolean }) => {
      const body = validated(DeviceActionSchema, { uid, deviceId }, t, { uid: "<user-uid>", deviceId: "<device-id>" });
      const api = createUsersApi(apiOptions(cli, opts));
      await confirmOrRefuse(cli, t("devices.confirmDelete", { deviceId, uid }), opts.yes, t("devices.needYesDelete"));
      await api.deleteDevice(body);
      const doc: DeviceDeleteJson = { uid, deviceId, deleted: true };
      const out = cli.output(Boolean(opts.json));
      out.result(doc, () => out.success(`${t("errors:deviceDelete200")}: ${deviceId}`));
    });
}
