import { describe, expect, it } from "vitest";
import { defectPlace } from "./defect-place.ts";

describe("where a defect of an imported catalogue is, in words", () => {
  it("counts videos, categories and episodes from one and names the fields in French", () => {
    expect(defectPlace("videos.0.title")).toBe("Vidéo 1 › titre");
    expect(defectPlace("videos.1.episodes.2.seasonNumber")).toBe("Vidéo 2 › épisode 3 › saison");
    expect(defectPlace("categories.4.color")).toBe("Catégorie 5 › couleur");
    expect(defectPlace("videos.0.categories.1")).toBe("Vidéo 1 › catégorie 2");
    expect(defectPlace("episodes.0.title")).toBe("Épisode 1 › titre");
  });

  it("calls a defect of the whole file « Le fichier » and keeps an unknown name as it is", () => {
    expect(defectPlace("")).toBe("Le fichier");
    expect(defectPlace("videos")).toBe("vidéos");
    expect(defectPlace("format")).toBe("format");
  });
});
