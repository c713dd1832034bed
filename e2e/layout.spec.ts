import { expect, test, waitForHydration } from "./fixtures";
import { campaign, CAMPAIGNS, resetMock } from "./mock";

// Every page must read as if written for its language: nothing overflows or clips in
// the longest languages, from the narrowest phone (320 px, DESIGN §9) to a desktop,
// and ar-SA is mirrored. depositblastoff has every kind of section; the other examples
// are checked at the narrowest width.
const locales = ["en", "ar-SA", "ja-JP", "th-TH", "hi-IN", "ru-RU", "kk-KZ", "vi-VN"];
const slug = "depositblastoff";
const cases = [
  ...[320, 375, 1280].map((width) => ({ slug, width })),
  { slug: "referral-v2", width: 320 },
  { slug: "spot-activity", width: 320 },
];

for (const locale of locales) {
  for (const { slug, width } of cases) {
    test(`${slug} in ${locale} at ${width} px: no overflow, no clipped heading or button`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(locale === "en" ? `/${slug}/` : `/${locale}/${slug}/`);
      await waitForHydration(page);
      await expect(page.getByRole("button").first()).toBeVisible();
      const problems = await page.evaluate(() => {
        const out: string[] = [];
        const doc = document.scrollingElement!;
        if (doc.scrollWidth > doc.clientWidth) out.push(`page scrolls sideways: ${doc.scrollWidth} > ${doc.clientWidth}`);
        for (const el of Array.from(document.querySelectorAll<HTMLElement>("h1, h2, button, a.promo-button, dt, dd"))) {
          if (el.offsetParent === null) continue;
          if (el.scrollWidth > el.clientWidth + 1) out.push(`${el.tagName} "${el.textContent}" is clipped: ${el.scrollWidth} > ${el.clientWidth}`);
          const r = el.getBoundingClientRect();
          if (r.right > window.innerWidth + 1 || r.left < -1) out.push(`${el.tagName} "${el.textContent}" leaves the viewport`);
        }
        return out;
      });
      await page.screenshot({ path: `artifacts/layout/${slug}-${locale}-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
    });
  }
}

test("ar-SA mirrors the layout, including directional icons", async ({ page }) => {
  await page.goto(`/ar-SA/${slug}/`);
  await waitForHydration(page);
  const m = await page.evaluate(() => {
    const list = document.querySelector(".promo-rules__body ol")!;
    const style = getComputedStyle(list);
    return { dir: document.documentElement.dir, paddingRight: style.paddingRight, paddingLeft: style.paddingLeft, textAlign: getComputedStyle(document.querySelector("h1")!).textAlign };
  });
  expect(m.dir).toBe("rtl");
  // padding-inline-start lands on the right in right-to-left.
  expect(parseFloat(m.paddingRight)).toBeGreaterThan(parseFloat(m.paddingLeft));
  expect(m.textAlign).toBe("start");
});

test("directional icons point the reading direction's way", async ({ page, request }) => {
  await resetMock(request);
  await campaign(request, { id: CAMPAIGNS.depositblastoff.id, unavailable: true });
  const transformOf = async (path: string) => {
    await page.goto(path);
    const icon = page.getByRole("alertdialog").locator(".promo-icon--back");
    await expect(icon).toBeVisible();
    return icon.evaluate((el) => getComputedStyle(el).transform);
  };
  // "Back" points left in English and right in Arabic.
  expect(await transformOf(`/${slug}/`)).toBe("matrix(-1, 0, 0, 1, 0, 0)");
  expect(await transformOf(`/ar-SA/${slug}/`)).toBe("none");
  await resetMock(request);
});
