import { BackLink } from "../../components/layout/BackLink";
import type { NavEdition } from "../../../shared/domain/navigation";
import { Island } from "../../components/Island";
import { useT } from "../../components/render-context";
import { ActivateForm, type ActivateFormProps } from "../../islands/ActivateForm";
import { PurchaseForm, type PurchaseFormProps } from "../../islands/PurchaseForm";
import { LICENSES_ISLAND_NAMESPACES } from "./LicensesPage";

/** Props of /purchase: the form of the installation's edition. */
export type PurchasePageProps = { edition: "public"; purchase: PurchaseFormProps } | { edition: "private"; activate: ActivateFormProps };

/**
 * /purchase (SPEC §2 Licenses → Purchase in the public edition, Activate in the private one,
 * root only there): one island per form, in a card, with a way to the packs.
 */
export function PurchasePage(props: PurchasePageProps) {
  const t = useT();
  const edition: NavEdition = props.edition;
  return (
    <div className="profile-page purchase-page">
      <BackLink href="/licenses">{t("licenses:purchase.back")}</BackLink>
      {/* The page's heading already names the form ('Purchase licenses' / 'Activate a license'). */}
      <section className="card" aria-label={t(edition === "public" ? "licenses:purchase.title" : "licenses:activate.title")}>
        <p className="card-note">{t(edition === "public" ? "licenses:purchase.intro" : "licenses:activate.intro")}</p>
        {props.edition === "public" ? (
          <Island name="PurchaseForm" component={PurchaseForm} props={props.purchase} namespaces={LICENSES_ISLAND_NAMESPACES} />
        ) : (
          <Island name="ActivateForm" component={ActivateForm} props={props.activate} namespaces={LICENSES_ISLAND_NAMESPACES} />
        )}
      </section>
    </div>
  );
}
