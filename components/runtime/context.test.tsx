import { act } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NEUTRAL_CONTEXT, configureClient, detectClient, refreshClientContext, resetForTests, useClientContext, type ClientContext } from "./context";

const UA = {
  iPhoneSafari:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
  androidPhoneChrome:
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
  androidTablet: "Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  iPad: "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  iPadOS: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  windowsDesktop:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0",
  macDesktop: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  appInAndroid:
    "Mozilla/5.0 (Linux; Android 14; SM-S918B Build/UP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 ExchangeApp/4.20.0",
  windowsPhone:
    "Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537",
};

describe("detectClient (spec §1)", () => {
  it.each([
    ["iPhoneSafari", false, true, false],
    ["androidPhoneChrome", false, true, false],
    ["androidTablet", false, false, false], // an Android device is not a PC
    ["iPad", false, false, true], // tablets count as PC
    ["iPadOS", false, false, true],
    ["windowsDesktop", false, false, true],
    ["macDesktop", false, false, true],
    ["appInAndroid", true, true, false],
    ["windowsPhone", false, true, false],
  ] as const)("%s → isApp %s, isPhone %s, isPC %s", (name, isApp, isPhone, isPC) => {
    expect(detectClient(UA[name], 1280, "ExchangeApp")).toEqual({ isApp, isPhone, isPC, size: "large" });
  });

  it("never detects the app without a marker", () => {
    expect(detectClient(UA.appInAndroid, 390, "").isApp).toBe(false);
  });

  it.each([
    [1920, "large"],
    [1024, "large"],
    [1023, "medium"],
    [640, "medium"],
    [639, "small"],
    [320, "small"],
  ] as const)("%i px → %s", (width, size) => {
    expect(detectClient(UA.macDesktop, width, "ExchangeApp").size).toBe(size);
  });
});

function Probe() {
  const c = useClientContext();
  return <output>{JSON.stringify(c)}</output>;
}

const shown = (el: Element): ClientContext => JSON.parse(el.querySelector("output")!.textContent!) as ClientContext;

describe("useClientContext", () => {
  let width: number;

  beforeEach(() => {
    resetForTests();
    width = window.innerWidth;
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue(UA.appInAndroid);
    window.innerWidth = 390;
    document.cookie = "promo_session=1; path=/";
    configureClient({ appMarker: "ExchangeApp" });
  });

  afterEach(() => {
    window.innerWidth = width;
    document.cookie = "promo_session=; max-age=0; path=/";
    document.body.innerHTML = "";
  });

  it("is neutral on the server", () => {
    const html = renderToString(<Probe />);
    const el = document.createElement("div");
    el.innerHTML = html;
    expect(shown(el)).toEqual(NEUTRAL_CONTEXT);
    expect(NEUTRAL_CONTEXT).toEqual({ isApp: false, isPhone: false, isPC: true, isLogin: false, size: "large", hydrated: false });
  });

  it("hydrates from the neutral context without a mismatch, then shows the real one", () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Probe />);
    document.body.appendChild(container);
    const recoverable = vi.fn();
    act(() => {
      hydrateRoot(container, <Probe />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(shown(container)).toEqual({ isApp: true, isPhone: true, isPC: false, isLogin: true, size: "small", hydrated: true });
  });

  it("follows the viewport and the session cookie", () => {
    const container = document.createElement("div");
    document.body.appendChild(container);
    container.innerHTML = renderToString(<Probe />);
    act(() => void hydrateRoot(container, <Probe />));
    act(() => {
      window.innerWidth = 800;
      window.dispatchEvent(new Event("resize"));
    });
    expect(shown(container).size).toBe("medium");
    act(() => {
      document.cookie = "promo_session=; max-age=0; path=/";
      refreshClientContext();
    });
    expect(shown(container).isLogin).toBe(false);
  });

  it("is logged out without the companion cookie", () => {
    document.cookie = "promo_session=; max-age=0; path=/";
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Probe />);
    act(() => void hydrateRoot(container, <Probe />));
    expect(shown(container).isLogin).toBe(false);
    expect(shown(container).hydrated).toBe(true);
  });
});
