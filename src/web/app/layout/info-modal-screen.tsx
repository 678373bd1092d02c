import { InfoModalRoute } from "#web/features/video-info/components/info-modal.tsx";
import { infoSlots } from "../slots/video-slots.tsx";

/** The info modal with the member's actions in its slots; a chunk of its own (info-modal-host.tsx). */
export default function InfoModalScreen({ id }: { id: string }) {
  return <InfoModalRoute id={id} slots={infoSlots} />;
}
