import { rng as prng } from "../lib/random.js";

export { prng };

/**
 * Benchmark inputs written for dwim (not taken from the evaluation data): out-of-scope requests for the abstention
 * measure, random strings and other servers' tool names. Written once, before any scoring run, and not edited
 * to fit results.
 */

/** Everyday and off-domain asks that none of dwim's tools serves. */
const ACTIVITIES = [
  "book a flight to Tokyo next Friday",
  "order a large pepperoni pizza",
  "what's the weather like tomorrow in Berlin",
  "play some relaxing jazz music",
  "translate good morning into Spanish",
  "send an email to my manager about the delay",
  "schedule a meeting with the design team at 3pm",
  "buy two tickets for the new Batman movie",
  "call my mother",
  "set an alarm for 6:30 am",
  "turn off the living room lights",
  "recommend a good science fiction novel",
  "tell me a joke about cats",
  "what is the capital of Peru",
  "check my bank account balance",
  "post a tweet about our product launch",
  "give me a recipe for vegetarian lasagna",
  "track my Amazon package",
  "how tall is Mount Everest",
  "who won the football match last night",
  "book a table for four at an Italian restaurant",
  "find a cheap hotel in Lisbon",
  "what's the stock price of Apple today",
  "write a birthday poem for my sister",
  "summarize the latest news headlines",
  "how do I fix a flat bicycle tire",
  "open Spotify and shuffle my playlist",
  "remind me to water the plants",
  "what movies are playing near me",
  "draw a picture of a sunset",
  "generate a logo for my bakery",
  "how many calories are in an avocado",
  "plan a three day trip to Rome",
  "rent a car at the airport",
  "what time does the pharmacy close",
  "start a ten minute timer",
  "order new running shoes",
  "check the traffic on my commute",
  "who is the president of France",
  "pay my electricity bill",
  "transfer fifty dollars to Alex",
  "find me a dentist appointment",
  "suggest a workout for beginners",
  "what's a good name for a puppy",
  "explain quantum entanglement simply",
  "compose a song about the ocean",
  "clean up my email inbox",
  "apply for a passport renewal",
  "what is the meaning of life",
  "how do I bake sourdough bread",
  "get directions to the nearest gas station",
  "subscribe me to the newsletter",
  "cancel my gym membership",
  "log my run of five kilometers today",
  "what's trending on social media",
  "take a screenshot of my desktop",
  "turn up the thermostat",
  "describe the history of the Roman empire",
  "make a reservation at the spa",
  "find lyrics for bohemian rhapsody",
];

const PHRASINGS = [
  (a: string) => a,
  (a: string) => `please ${a}`,
  (a: string) => `can you ${a}?`,
  (a: string) => `I want to ${a}`,
  (a: string) => `could you ${a} for me`,
  (a: string) => `I need you to ${a}`,
];

export function offDomainQueries(): string[] {
  return ACTIVITIES.flatMap((a) => PHRASINGS.map((p) => p(a)));
}

/** Tool names of other MCP servers, as an agent might send them to the wrong server. */
export const FOREIGN_TOOL_NAMES = [
  "mcp__github__create_issue",
  "mcp__github__delete_repo",
  "mcp__slack__post_message",
  "mcp__jira__create_ticket",
  "github__list_pull_requests",
  "slack.send_message",
  "notion:create_page",
  "browser_navigate",
  "browser_click",
  "puppeteer_screenshot",
  "git_commit",
  "git_push",
  "create_pull_request",
  "send_slack_message",
  "web_search",
  "fetch_url",
  "run_shell_command",
  "execute_sql",
  "query_database",
  "create_calendar_event",
  "get_weather",
  "send_email",
  "upload_file_to_s3",
  "kubectl_apply",
  "docker_run",
  "playwright_fill",
  "linear_create_issue",
  "sentry_get_issue",
  "stripe_create_charge",
  "twilio_send_sms",
];

export function randomStrings(count: number, seed = 7): string[] {
  const rnd = prng(seed);
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789_";
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = 3 + Math.floor(rnd() * 13);
    let s = "";
    for (let j = 0; j < n; j++) s += alphabet[Math.floor(rnd() * (j === 0 ? 26 : alphabet.length))];
    out.push(s);
  }
  return out;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

export type EditKind = "delete" | "insert" | "substitute" | "swap";

/** One random edit of `kind` at a random position (letters only; separators are kept). */
export function applyEdit(word: string, kind: EditKind, rnd: () => number): string | undefined {
  const positions = [...word].map((c, i) => (/[a-z]/u.test(c) ? i : -1)).filter((i) => i >= 0);
  if (positions.length < 2) return undefined;
  const i = positions[Math.floor(rnd() * positions.length)];
  const letter = LETTERS[Math.floor(rnd() * 26)];
  switch (kind) {
    case "delete":
      return word.slice(0, i) + word.slice(i + 1);
    case "insert":
      return word.slice(0, i) + letter + word.slice(i);
    case "substitute":
      return letter === word[i] ? undefined : word.slice(0, i) + letter + word.slice(i + 1);
    case "swap": {
      if (i + 1 >= word.length || !/[a-z]/u.test(word[i + 1]) || word[i] === word[i + 1]) return undefined;
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
  }
}

/** A synthetic gateway catalog: namespaced operations sharing prefixes. */
export function gatewayCatalog(): Array<{ name: string; description: string; destructive: boolean }> {
  const servers = ["github", "gitlab", "slack", "jira"];
  const verbs = ["create", "delete", "update", "get", "list"];
  const objects = ["issue", "repo", "file", "branch", "comment", "user"];
  const out: Array<{ name: string; description: string; destructive: boolean }> = [];
  for (const s of servers) {
    for (const v of verbs) {
      for (const o of objects) {
        out.push({ name: `${s}__${v}_${o}`, description: `${v} a ${o} on ${s}`, destructive: v === "delete" });
      }
    }
  }
  return out;
}

/** Operations no gateway tool has, for the wrong-operation probe. */
export const OTHER_OBJECTS = ["dirs", "team", "label", "wiki", "tag", "page", "note", "card"];
