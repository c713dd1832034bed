import { useCallback, useEffect, useMemo, useState, type CSSProperties } from "react";
import { useDrawConfig, useDrawRecords, useForgetDrawUser, type DrawRecord } from "../../api/draw";
import { useSession } from "../../api/session";
import { CAMPAIGN_FINISHED, CAMPAIGN_NOT_STARTED, CAMPAIGN_ONGOING, DRAW_ORDER_DESC, type DrawOrder } from "../../runtime/contract.gen";
import { usePage } from "../../runtime/page";
import { useT } from "../../runtime/useT";
import { openAuth } from "../auth/store";
import { prefetchWhenIdle } from "../lazy";
import { deviceFingerprint } from "./fingerprint";
import { Records } from "./Records";
import { GiftIcon, ResultDialog } from "./ResultDialog";
import { useDraw } from "./useDraw";
import "../widgets.css";
import "./draw.css";
import { WidgetError, WidgetSkeleton } from "../WidgetStates";

/**
 * The prize draw (DESIGN §6 "prize draw"; spec §3, §7): the configured prizes, the
 * visitor's chances ("Chances left: N"), a Draw button and, once logged in, "My prizes".
 * It renders inside the section's region "Prize draw" (sections/Growth.tsx), as a lazy
 * chunk. A visitor's Draw opens the login dialog and, once logged in, goes on to draw
 * without a second press (as Apply goes on to enrol). A configuration that fails to load
 * says so here with a Retry (DESIGN §6: never a blank block).
 */
export default function PrizeDraw() {
  const t = useT();
  const { campaign } = usePage();
  const prizes = useMemo(() => campaign.widgets.prizeDraw?.prizes ?? [], [campaign]);
  const isLogin = useSession();
  const config = useDrawConfig(campaign.id, isLogin);
  const [order, setOrder] = useState<DrawOrder>(DRAW_ORDER_DESC);
  const records = useDrawRecords(campaign.id, isLogin, order);
  useForgetDrawUser(campaign.id, isLogin);
  const [won, setWon] = useState<DrawRecord | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!isLogin) setWon(null); // the lit prize was the previous user's
  }, [isLogin]);
  // Set by a login that the visitor started with Draw: the draw follows once the
  // logged-in configuration is known.
  const [drawAfterLogin, setDrawAfterLogin] = useState(false);

  // Prize names are text keys of the campaign (page data), matched by the record's
  // prize id; the upstream's own name is the fallback.
  const names = useMemo(() => new Map(prizes.map((p) => [p.id, p.name])), [prizes]);
  const prizeName = useCallback(
    (r: DrawRecord) => {
      const key = names.get(r.prizeId);
      return key ? t(key) : r.prizeName;
    },
    [names, t],
  );

  const draw = useDraw(campaign.id, {
    onDrawn: ({ record, remainingChances }) => {
      void config.mutate((c) => c && { ...c, remainingChances }, { revalidate: false });
      setWon(record);
      setOpen(true);
      void records.mutate();
    },
    // The chances or the campaign's status may have changed (3570013, 3570012), or an
    // unknown outcome may have drawn after all: read both again.
    onFailed: () => {
      void config.mutate();
      void records.mutate();
    },
  });

  const cfg = config.data;
  const chances = cfg?.remainingChances ?? null;
  const ongoing = cfg?.status === CAMPAIGN_ONGOING;
  const canDraw = isLogin && ongoing && chances !== null && chances > 0;

  // Spec §7: the fingerprint is ready before the first draw. Computed when the browser
  // is idle, and only for a visitor who can draw (nobody else is fingerprinted).
  useEffect(() => (canDraw ? prefetchWhenIdle(deviceFingerprint) : undefined), [canDraw]);

  useEffect(() => {
    if (!drawAfterLogin || !isLogin) return;
    if (config.error) {
      setDrawAfterLogin(false); // the configuration failed: the widget says so, no draw
      return;
    }
    if (!cfg || cfg.remainingChances === null) return; // the logged-in configuration is still on its way
    setDrawAfterLogin(false);
    if (canDraw) void draw.run();
  }, [drawAfterLogin, isLogin, cfg, config.error, canDraw, draw]);

  // After a login the visitor's configuration stays on screen (and Draw, with the focus
  // on it) until the user's own arrives; if that one fails, the failure shows.
  const failed = !!config.error && !config.isValidating;
  if (!cfg || (failed && isLogin && cfg.remainingChances === null)) {
    if (failed) {
      return (
        <WidgetError className="promo-draw__problem--config" message={t("gmp-lib:draw.loadFailed")} onRetry={() => void config.mutate()} />
      );
    }
    return (
      <WidgetSkeleton className="promo-draw__skeleton" />
    );
  }

  const onDraw = () => {
    if (!isLogin) {
      openAuth({ mode: "login", redeem: () => setDrawAfterLogin(true) });
      return;
    }
    if (canDraw && !draw.pending) void draw.run();
  };

  let note = "";
  if (draw.pending) note = t("gmp-lib:draw.drawing");
  else if (cfg.status === CAMPAIGN_NOT_STARTED) note = t("gmp-lib:draw.notStarted");
  else if (cfg.status === CAMPAIGN_FINISHED) note = t("gmp-lib:draw.ended");
  else if (!ongoing) note = t("gmp-lib:draw.closed");
  else if (!isLogin) note = t("gmp-lib:draw.loginHint", { count: cfg.chancesPerUser });
  else if (chances === 0) note = t("gmp-lib:draw.noChances");

  return (
    <div className="promo-draw" data-drawing={draw.pending || undefined}>
      <div className="promo-draw__stage">
        {isLogin && chances !== null && (
          <p className="promo-draw__chances" data-empty={chances === 0 || undefined}>
            {t("gmp-lib:draw.chancesLeft", { count: chances })}
          </p>
        )}
        <ul className="promo-draw__prizes" role="list" aria-label={t("gmp-lib:draw.prizes")}>
          {prizes.map((p, i) => (
            <li key={p.id} className="promo-draw__prize" data-won={(won?.prizeId === p.id && !draw.pending) || undefined} style={{ "--promo-draw-i": i, "--promo-draw-n": prizes.length } as CSSProperties}>
              <GiftIcon />
              <span className="promo-draw__prize-name">{t(p.name)}</span>
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="promo-button promo-button--primary promo-draw__button"
          aria-disabled={(isLogin && (!canDraw || draw.pending)) || undefined}
          aria-busy={draw.pending || undefined}
          onClick={onDraw}
        >
          {t("gmp-lib:draw.draw")}
        </button>
        <p className="promo-draw__note" aria-live="polite">
          {note}
        </p>
      </div>
      {isLogin && <Records records={records} order={order} onOrder={setOrder} prizeName={prizeName} />}
      <ResultDialog prize={open && won ? prizeName(won) : null} onClose={() => setOpen(false)} />
    </div>
  );
}
