import { beforeEach, describe, expect, it, vi } from "vitest";
import { authSucceeded, closeAuth, getAuthState, openAuth, resetAuth, switchAuth } from "./store";

beforeEach(resetAuth);

describe("the login/register modal's flags (spec §4)", () => {
  it("opens on the requested form with its visible flag", () => {
    openAuth({ mode: "register", email: "a@example.com" });
    const s = getAuthState();
    expect(s.register.visible).toBe(true);
    expect(s.login.visible).toBe(false);
    expect(s.request?.email).toBe("a@example.com");
  });

  it("sets loginClose when login closes and registerClose when registration closes", () => {
    openAuth({ mode: "login" });
    closeAuth();
    expect(getAuthState()).toMatchObject({ loginClose: true, registerClose: false, login: { visible: false, closed: true } });
    openAuth({ mode: "register" });
    closeAuth();
    expect(getAuthState()).toMatchObject({ loginClose: true, registerClose: true, register: { closed: true } });
  });

  it("switches forms unless switching is hidden", () => {
    openAuth({ mode: "login" });
    switchAuth("register");
    expect(getAuthState().register.visible).toBe(true);
    openAuth({ mode: "login", hideSwitch: true });
    switchAuth("register");
    expect(getAuthState().login.visible).toBe(true);
    expect(getAuthState().request?.mode).toBe("login");
  });

  it("success closes the open form, sets its success flag and hands back the request", () => {
    const redeem = vi.fn();
    openAuth({ mode: "login", redeem });
    const req = authSucceeded();
    req?.redeem?.();
    expect(redeem).toHaveBeenCalledOnce();
    expect(getAuthState()).toMatchObject({ request: null, login: { visible: false, success: true }, loginClose: false });
  });
});
