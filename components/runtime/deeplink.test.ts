// The shared vectors: internal/deeplink (Go) reads the same file and must give the
// same answers (deeplinks.md: one table, two interpreters held identical).
import { describe, expect, it } from "vitest";
import vectorFile from "../../internal/deeplink/testdata/vectors.json";
import table from "../../internal/deeplink/rules.json";
import { mapDeepLink, type DeepLinkConfig } from "./deeplink";

interface Vector {
  url: string;
  app: string | null;
  rule?: string;
  note?: string;
  config?: Partial<DeepLinkConfig>;
}

const base = vectorFile.config as DeepLinkConfig;
const vectors = vectorFile.vectors as Vector[];

describe("mapDeepLink", () => {
  it.each(vectors.map((v) => [v.url, v.note ?? "", v] as const))("%j %s", (_url, _note, v) => {
    const got = mapDeepLink(v.url, { ...base, ...v.config });
    expect(got).toEqual(v.app === null ? null : { link: v.app, rule: v.rule });
  });

  it("has a vector for every rule of the table", () => {
    const used = new Set(vectors.filter((v) => v.app !== null).map((v) => v.rule));
    expect(table.rules.map((r) => r.name).filter((name) => !used.has(name))).toEqual([]);
  });

  it("keeps the default scheme", () => {
    expect(mapDeepLink("/login/", { siteHost: "", webHosts: [] })).toEqual({ link: "exchange://login", rule: "login" });
  });
});
