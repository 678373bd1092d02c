import { brandName } from "#web/i18n/common.ts";

/** The Bobine wordmark: a film reel and the name. */
export function BrandWordmark({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" className="size-7 text-accent" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="12.5" fill="none" stroke="currentColor" strokeWidth="3" />
        <g fill="currentColor">
          <circle cx="16" cy="9.5" r="2.6" />
          <circle cx="16" cy="22.5" r="2.6" />
          <circle cx="9.5" cy="16" r="2.6" />
          <circle cx="22.5" cy="16" r="2.6" />
          <circle cx="16" cy="16" r="1.4" />
        </g>
      </svg>
      <span className="text-[1.45rem] leading-none font-extrabold tracking-[-0.03em] text-fg">
        {brandName}
      </span>
    </span>
  );
}
