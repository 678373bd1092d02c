import { useState } from "react";

/**
 * What a field sent to the page's address that the address has not given back yet. A navigation is
 * drawn in a transition: the address can answer an older entry after the reader has typed a newer
 * one, and that late echo must not overwrite the box (the year filters, the search box). A value
 * the address gives back that this field did not send is someone else's change (back, « Effacer
 * les filtres »): the field shows it.
 */
export function useAddressEchoes<T>(): AddressEchoes<T> {
  // One object for the field's life: effects may name it among their dependencies.
  const [echoes] = useState(() => {
    const pending: T[] = [];
    return {
      sent(value: T) {
        pending.push(value);
      },
      isEcho(value: T) {
        const index = pending.indexOf(value);
        if (index === -1) return false;
        pending.splice(0, index + 1);
        return true;
      },
      waiting: () => pending.length > 0,
    };
  });
  return echoes;
}

export interface AddressEchoes<T> {
  /** The field sends `value` to the address. */
  sent(value: T): void;
  /** Whether the address's `value` is the echo of one sent (that one and older ones are then forgotten). */
  isEcho(value: T): boolean;
  /** Whether an answer from the address is still awaited. */
  waiting(): boolean;
}
