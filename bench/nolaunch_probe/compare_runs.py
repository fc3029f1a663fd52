import json,sys,collections
def load(p):
    d=json.load(open(p))
    rows=d["outcomes"] if isinstance(d,dict) and "outcomes" in d else d
    return {(r["case"],r["target"]):r for r in rows}
for name in sys.argv[1:]:
    a=load(f"/tmp/nlrun/{name}_before.json"); b=load(f"/tmp/nlrun/{name}_after.json")
    ca=collections.Counter(r["status"] for r in a.values()); cb=collections.Counter(r["status"] for r in b.values())
    moved=collections.Counter((a[k]["status"],b[k]["status"]) for k in a if a[k]["status"]!=b[k]["status"])
    reason=sum(1 for k in a if a[k]["status"]==b[k]["status"]=="refused" and a[k].get("reason")!=b[k].get("reason"))
    print(name, dict(ca), "->", dict(cb), "moved:", dict(moved), "refusal text changed:", reason)
