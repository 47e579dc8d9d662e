import { useEffect, useRef, type ReactNode } from "react";

/**
 * A block that takes focus when it appears. For the result that replaces the form (and the
 * button) that produced it: without it, focus would fall to the body.
 */
export function TakesFocus({ className, children }: { className?: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <div ref={ref} tabIndex={-1} className={className ? `${className} takes-focus` : "takes-focus"}>
      {children}
    </div>
  );
}
