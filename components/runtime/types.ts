// The page data the generator writes into every page (one <script type="application/json">,
// DESIGN §2). Its shape is declared once, by the Go types of internal/contract, and
// contract.gen.ts is generated from them.
import type { PageData } from "./contract.gen";

export type {
  AppConfig,
  ApplyPopup,
  CampaignConfig,
  InvitationCodeWidget,
  LinkButton,
  MarketWidget,
  PageData,
  Prize,
  PrizeDrawWidget,
  QuickApplyWidget,
  QuickLoginWidget,
  Schedule,
  Widgets,
} from "./contract.gen";

export type Direction = PageData["dir"];
