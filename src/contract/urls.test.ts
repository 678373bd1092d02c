import { describe, expect, it } from "vitest";
import { publicUrl, urlHost } from "./urls.ts";

const https = { protocols: ["https:"] } as const;

describe("publicUrl", () => {
  // SECURITY-CHECKLIST 22, 28: a host is judged as the browser or a fetch would reach it.
  it.each([
    ["loopback name with a trailing dot", "https://localhost./a.png"],
    ["loopback name with two trailing dots", "https://LocalHost../a.png"],
    ["loopback name in upper case", "https://LOCALHOST/a.png"],
    ["loopback name in full-width letters", "https://ｌｏｃａｌｈｏｓｔ/a.png"],
    ["loopback name percent-encoded", "https://local%68ost/a.png"],
    ["a subdomain of localhost with a trailing dot", "https://cdn.localhost./a.png"],
    ["a .local name with a trailing dot", "https://nas.local./a.png"],
    ["a .internal name", "https://metadata.google.internal/a.png"],
    ["a single-label name", "https://intranet/a.png"],
    ["IPv4 loopback", "https://127.0.0.1/a.png"],
    ["IPv4 loopback with a trailing dot", "https://127.0.0.1./a.png"],
    ["IPv4 loopback with two trailing dots", "https://127.0.0.1../a.png"],
    ["IPv4 loopback in decimal", "https://2130706433/a.png"],
    ["IPv4 loopback in hex", "https://0x7f000001/a.png"],
    ["IPv4 loopback in octal", "https://0177.0.0.1/a.png"],
    ["IPv4 loopback in short form", "https://127.1/a.png"],
    ["IPv4 loopback in circled digits", "https://①②⑦.0.0.1/a.png"],
    ["cloud metadata address", "https://169.254.169.254/latest/meta-data"],
    ["private address", "https://192.168.1.1/a.png"],
    ["IPv6 loopback", "https://[::1]/a.png"],
    ["IPv6 unspecified", "https://[::]/a.png"],
    ["IPv4-mapped IPv6 loopback", "https://[::ffff:127.0.0.1]/a.png"],
    ["NAT64 metadata address", "https://[64:ff9b::a9fe:a9fe]/a.png"],
    ["IPv6 unique local", "https://[fd00::1]/a.png"],
    ["IPv6 link-local", "https://[fe80::1]/a.png"],
    ["credentials", "https://user:pass@images.exemple.fr/a.png"],
    ["plain http", "http://images.exemple.fr/a.png"],
    ["javascript:", "javascript:alert(1)"],
    ["data:", "data:image/png;base64,AAAA"],
    ["file:", "file:///etc/passwd"],
    ["not a URL", "/media/a.png"],
  ])("refuses %s", (_what, value) => {
    expect(publicUrl(value, https)).toBeNull();
  });

  it("refuses any bare address unless public ones are allowed, and then only public ones", () => {
    expect(publicUrl("https://93.184.215.14/a.png", https)).toBeNull();
    expect(publicUrl("https://93.184.215.14/a.png", { ...https, addresses: "public" })).not.toBeNull();
    expect(publicUrl("https://[2a00:1450::1]/a.png", { ...https, addresses: "public" })).not.toBeNull();
    expect(publicUrl("https://[::ffff:10.0.0.1]/a.png", { ...https, addresses: "public" })).toBeNull();
    expect(publicUrl("https://0x0a.1/a.png", { ...https, addresses: "public" })).toBeNull();
  });

  it.each([
    "https://images.exemple.fr/moi.png",
    "https://images.exemple.fr./moi.png",
    "https://IMAGES.exemple.fr/moi.png",
    "https://bücher.exemple.fr/moi.png",
  ])("accepts a public named host: %s", (value) => {
    expect(publicUrl(value, https)).not.toBeNull();
  });
});

describe("urlHost", () => {
  it("gives names without trailing dots, IDN in ASCII, and the IPv4 inside an IPv6", () => {
    expect(urlHost(new URL("https://Bücher.Exemple.fr./"))).toEqual({
      kind: "name",
      name: "xn--bcher-kva.exemple.fr",
    });
    expect(urlHost(new URL("https://[::ffff:7f00:1]/"))).toEqual({ kind: "ipv4", address: "127.0.0.1" });
    expect(urlHost(new URL("https://[2001:DB8::1]/"))).toEqual({ kind: "ipv6", address: "2001:db8::1" });
  });
});
