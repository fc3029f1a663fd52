import json, sys, os
base, new = sys.argv[1], sys.argv[2]
tot = {"b_right":0,"n_right":0,"b_inv":0,"n_inv":0,"b_rec":0,"n_rec":0}
for f in sorted(os.listdir(new)):
    if not f.endswith(".json"): continue
    if not os.path.exists(os.path.join(base,f)): print("no base", f); continue
    b = {r["id"]: r for r in json.load(open(os.path.join(base,f)))["cases"]}
    n = {r["id"]: r for r in json.load(open(os.path.join(new,f)))["cases"]}
    for i, r in n.items():
        o = b.get(i)
        if not o: continue
        for k, key in (("right","right"),("inv","invented"),("rec","recognised")):
            tot["b_"+k] += o["outcome"]==key; tot["n_"+k] += r["outcome"]==key
        if o["outcome"] != r["outcome"] or o.get("proposed") != r.get("proposed"):
            print(f[:-5], i, r["split"], r["kind"], o["outcome"], "->", r["outcome"], o.get("proposed"), "->", r.get("proposed"), r["diagnoses"][:2])
print(tot)
