import { useFadeIn } from "#web/lib/first-screen.ts";

/**
 * A title's 16:9 backdrop (DESIGN.md: hero images 16:9, box reserved), decorative: the title is
 * said next to it. `priority` for the one image the screen opens on (the home's hero).
 */
export function BackdropImage({ src, priority = false }: { src: string; priority?: boolean }) {
  const fadeIn = useFadeIn();
  return (
    <img
      src={src}
      alt=""
      width={1920}
      height={1080}
      {...(priority ? { fetchPriority: "high" as const } : {})}
      decoding="async"
      className={`size-full object-cover object-[center_25%] ${fadeIn}`}
    />
  );
}
