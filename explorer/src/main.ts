import { render, route } from "./router";
import { wireSearchBox } from "./search";
import { homePage } from "./pages/home";
import { blockPage } from "./pages/block";
import { txPage } from "./pages/tx";
import { accountPage } from "./pages/account";
import { validatorsPage } from "./pages/validators";
import { aliasesPage } from "./pages/aliases";
import { enforcementPage } from "./pages/enforcement";
import { tokenisationPage } from "./pages/tokenisation";
import { landPage } from "./pages/land";
import { oraclePage } from "./pages/oracle";
import { custodyPage } from "./pages/custody";
import { nettingPage } from "./pages/netting";
import { treasuryPage } from "./pages/treasury";
import { searchPage } from "./pages/search";

route(/^\/$/, "Latest blocks and transactions", homePage);
route(/^\/block\/(.+)$/, "Block", blockPage);
route(/^\/tx\/(.+)$/, "Transaction", txPage);
route(/^\/account\/(.+)$/, "Account", accountPage);
route(/^\/validators$/, "Validators", validatorsPage);
route(/^\/aliases$/, "Aliases and jurisdictions", aliasesPage);
route(/^\/enforcement$/, "Enforcement cases", enforcementPage);
route(/^\/tokenisation$/, "Tokenised assets", tokenisationPage);
route(/^\/land$/, "Land parcels", landPage);
route(/^\/oracle$/, "Oracle rates", oraclePage);
route(/^\/custody$/, "Custody solvency", custodyPage);
route(/^\/netting$/, "Netting cycles", nettingPage);
route(/^\/treasury$/, "Treasuries", treasuryPage);
route(/^\/search\/(.*)$/, "Search", searchPage);

wireSearchBox();
// The skip link's "#main" would otherwise be taken for a route.
document.querySelector<HTMLAnchorElement>("a.skip")?.addEventListener("click", (e) => {
  e.preventDefault();
  document.getElementById("main")?.focus();
});
window.addEventListener("hashchange", () => void render(true));
void render(false);
