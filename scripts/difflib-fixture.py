"""Regenerates test/fixtures/core/difflib_ratio.json: reference values of Python's difflib.SequenceMatcher.ratio()
for short strings, which src/core/similarity.ts rawRatio must reproduce exactly."""
import difflib, json, random

random.seed(20261121)
pairs = [("kilgoram", "kilogram"), ("tide", "diet"), ("diet", "tide"), ("meter", "mole"), ("mt", "m"),
         ("", ""), ("a", "b"), ("abcd", "bcda"), ("fuzzy_search_dirs", "fuzzy_search_files"),
         ("mcp__github__delete_repo", "mcp__github__delete_file")]
alphabet = "aabbcde_"
for _ in range(400):
    a = "".join(random.choice(alphabet) for _ in range(random.randint(0, 12)))
    b = "".join(random.choice(alphabet) for _ in range(random.randint(0, 12)))
    pairs.append((a, b))
rows = [{"a": a, "b": b, "ratio": difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()} for a, b in pairs]
with open("test/fixtures/core/difflib_ratio.json", "w") as f:
    json.dump(rows, f, indent=0)
    f.write("\n")
