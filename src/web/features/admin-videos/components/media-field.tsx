import type { ReactNode } from "react";
import { LOCAL_VIDEO_EXAMPLE } from "#contract/admin-common";
import { TextField } from "#web/components/ui/text-field.tsx";
import { videoFormText as text } from "#web/i18n/admin.ts";

/**
 * The video form's media field, a slot (docs/decisions/010-web-boundaries.md): the screen may give
 * its own (the media work's file upload); by default, the media reference or URL input.
 */
export interface MediaFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Whose media: the film, or one episode of a series. */
  target: "movie" | "episode";
  /** The saved video's id (absent while adding one): a file can be sent for it. */
  videoId?: string | undefined;
  /** The saved episode's id (absent for a new episode). */
  episodeId?: string | undefined;
}
export type MediaFieldSlot = (props: MediaFieldProps) => ReactNode;

/** spec §5 "movie video URL required; URL fields must be URLs": a media reference or an http(s) address. */
export function MediaReferenceField({ label, value, onChange, error }: MediaFieldProps) {
  return (
    <TextField
      label={label}
      value={value}
      inputMode="url"
      spellCheck={false}
      autoComplete="off"
      maxLength={2048}
      placeholder={LOCAL_VIDEO_EXAMPLE}
      hint={text.videoUrlHint}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
