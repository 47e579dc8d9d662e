import { useEffect, useRef } from "react";
import { useT } from "../render-context";
import { WIZARD_STEPS, type WizardStep } from "./wizardState";

/**
 * A wizard step's heading with the step count. It takes focus when its step appears after a move
 * (not on the page's first render), so keyboard and screen-reader users start at the new step.
 */
export function StepHeading({ step, focus }: { step: WizardStep; focus: boolean }) {
  const t = useT();
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [step, focus]);
  return (
    <div className="wizard-heading">
      <p className="wizard-progress">
        {t("invites:wizard.progress", { step: WIZARD_STEPS.indexOf(step) + 1, total: WIZARD_STEPS.length })}
      </p>
      <h2 ref={ref} tabIndex={-1}>
        {t(`invites:wizard.steps.${step}`)}
      </h2>
    </div>
  );
}
