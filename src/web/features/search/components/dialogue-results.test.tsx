import { describe, expect, it } from "vitest";
import { dialogueLink, dialogueTime } from "./dialogue-results.tsx";

const hit = {
  videoId: "11111111-1111-4111-8111-111111111111",
  title: "Les Riverains",
  type: "series" as const,
  thumbnail: null,
  episodeId: "22222222-2222-4222-8222-222222222222",
  seasonNumber: 2,
  episodeNumber: 3,
  episodeTitle: "Le Pont",
  startMs: 3_725_900,
  text: "Le pont s'effondre !",
};

describe("a line of dialogue", () => {
  it("shows its moment as m:ss, or h:mm:ss past an hour", () => {
    expect(dialogueTime(0)).toBe("0:00");
    expect(dialogueTime(62_500)).toBe("1:02");
    expect(dialogueTime(3_725_900)).toBe("1:02:05");
  });

  it("opens the player on its episode at its whole second", () => {
    expect(dialogueLink(hit)).toBe(`/video/${hit.videoId}?episode=${hit.episodeId}&t=3725`);
    expect(dialogueLink({ ...hit, episodeId: null, startMs: 6_200 })).toBe(`/video/${hit.videoId}?t=6`);
  });
});
