import { BackLink } from "../../components/layout/BackLink";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { UserImportForm, type UserImportFormProps } from "../../islands/UserImportForm";
import { USERS_ISLAND_NAMESPACES } from "./UsersManagePage";

/** The columns the import file takes, shown before the file is chosen (server-rendered, no script needed). */
const COLUMNS = ["username", "firstName", "lastName", "team", "ecs", "sip", "cellcrypt"] as const;

/** /users/import: what the CSV holds, then the import island (choose, preview, import, results). */
export function UserImportPage(props: UserImportFormProps) {
  const t = useT();
  return (
    <div className="profile-page">
      <BackLink href="/users/manage">{t("users:profile.back")}</BackLink>
      <section className="card" aria-label={t("pages:titles.usersImport")}>
        <p className="card-note">{t("users:import.intro")}</p>
        <dl className="summary">
          {COLUMNS.map((column) => (
            <div className="summary-row" key={column}>
              <dt>
                <code>{column}</code>
              </dt>
              <dd>{t(`users:import.columns.${column}`)}</dd>
            </div>
          ))}
        </dl>
        <Island name="UserImportForm" component={UserImportForm} props={props} namespaces={USERS_ISLAND_NAMESPACES} />
      </section>
    </div>
  );
}
