#!/usr/bin/env python3
"""gen_sample_workload.py N_FUNCS SEED KIND > out.proftext

Writes one sample profile in LLVM's text format for the sample-merge benchmark: N_FUNCS functions
of a made-up program, as one profiling run of it would see them. KIND is `line` (AutoFDO: nested
inlinees, call targets, discriminators) or `cs` (CSSPGO: calling contexts of depth 1-4 with probe
checksums and attributes). The program (function names, shapes, callsites) depends only on
N_FUNCS; SEED varies the counts and which cold functions were sampled, as different runs would.
"""
import random
import sys


def program(n):
    rnd = random.Random(1234567)
    funcs = []
    for i in range(n):
        name = "_ZN4work%dfunc%dEv" % (i % 97, i)
        lines = sorted(rnd.sample(range(1, 120), rnd.randint(4, 24)))
        calls = {}
        for ln in rnd.sample(lines, min(len(lines), rnd.randint(0, 3))):
            calls[ln] = [rnd.randrange(n) for _ in range(rnd.randint(1, 3))]
        inl = []
        for ln in rnd.sample(range(1, 120), rnd.randint(0, 2)):
            inl.append((ln, rnd.randrange(n)))
        funcs.append((name, lines, calls, inl, rnd.getrandbits(48)))
    return funcs


def body(out, indent, f, funcs, rnd, scale, depth):
    name, lines, calls, inl, _ = f
    total = 0
    for ln in lines:
        c = max(1, int(rnd.expovariate(1.0) * scale))
        disc = ".%d" % rnd.randint(1, 3) if ln % 7 == 0 else ""
        tg = ""
        if ln in calls:
            tg = "".join(" %s:%d" % (funcs[t][0], max(1, c // (k + 1))) for k, t in enumerate(calls[ln]))
        out.append("%s%d%s: %d%s" % (" " * indent, ln, disc, c, tg))
        total += c
    if depth < 2:
        for ln, callee in inl:
            sub = []
            t = body(sub, indent + 1, funcs[callee], funcs, rnd, scale / 2, depth + 1)
            out.append("%s%d: %s:%d" % (" " * indent, ln, funcs[callee][0], t))
            out.extend(sub)
            total += t
    return total


def main():
    n, seed, kind = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    funcs = program(n)
    rnd = random.Random(seed)
    out = []
    for i, f in enumerate(funcs):
        if i % 10 == 9 and rnd.random() < 0.3:
            continue  # a cold function this run did not sample
        scale = 1000.0 / (1 + i % 50)
        if kind == "line":
            lines = []
            total = body(lines, 1, f, funcs, rnd, scale, 0)
            out.append("%s:%d:%d" % (f[0], total, max(1, total // 10)))
            out.extend(lines)
        else:
            ctxs = [[]]
            for d in range(i % 4):
                caller = funcs[(i * 7 + d * 13) % n]
                ctxs.append(ctxs[-1] + ["%s:%d" % (caller[0], caller[1][0])])
            for ctx in ctxs:
                lines = []
                total = body(lines, 1, (f[0], f[1], f[2], [], f[4]), funcs, rnd, scale, 2)
                frames = " @ ".join(list(reversed(ctx)) + [f[0]])
                out.append("[%s]:%d:%d" % (frames, total, max(1, total // 10)))
                out.extend(lines)
                out.append(" !CFGChecksum: %d" % f[4])
                if len(ctx) == 1:
                    out.append(" !Attributes: 1")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
