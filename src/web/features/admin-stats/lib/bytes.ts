import { adminStatsText } from "#web/i18n/admin.ts";

const size = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

/** Bytes in French units (o, Ko, Mo, Go, To; powers of 1024): 1536 → "1,5 Ko". */
export function formatBytes(bytes: number): string {
  const units = adminStatsText.bytes;
  const steps = [units.b, units.kb, units.mb, units.gb, units.tb];
  let value = bytes;
  let step = 0;
  while (value >= 1024 && step < steps.length - 1) {
    value /= 1024;
    step += 1;
  }
  return `${size.format(value)}\u00a0${steps[step]}`;
}
