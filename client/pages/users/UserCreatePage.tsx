import { BackLink } from "../../components/layout/BackLink";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { UserCreateForm, type UserCreateFormProps } from "../../islands/UserCreateForm";
import { USERS_ISLAND_NAMESPACES } from "./UsersManagePage";

/** /users/create: the creation form in a card, with a way back to the list. */
export function UserCreatePage(props: UserCreateFormProps) {
  const t = useT();
  return (
    <div className="profile-page">
      <BackLink href="/users/manage">{t("users:profile.back")}</BackLink>
      <section className="card" aria-label={t("pages:titles.usersCreate")}>
        <Island name="UserCreateForm" component={UserCreateForm} props={props} namespaces={USERS_ISLAND_NAMESPACES} />
      </section>
    </div>
  );
}
