import { notice } from "../dom";
import type { Page } from "../router";
import { resolveSearch } from "../search";

export const searchPage: Page = async (arg) => {
  const target = await resolveSearch(arg);
  if (target.kind !== "none") {
    // Replace the search entry, so Back returns to where the search was typed.
    location.replace(target.path);
    return { title: "Search", content: [notice("info", "Found; opening it…")] };
  }
  return { title: "Search", content: [notice("info", target.reason)] };
};
