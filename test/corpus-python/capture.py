#!/usr/bin/env python3
"""Capture the tools/list answer of the Python MCP servers in servers.json (run by hand).

    python3 capture.py SOURCES_DIR WORK_DIR [NAME ...]

SOURCES_DIR holds one checkout per repository, in a folder named "<owner>+<name>" at the commit
servers.json records (the script checks it when the folder is a git work tree, and always
records what it read). WORK_DIR gets one virtual environment per server. The server's own
code is never installed or copied: its dependencies are installed from the package index
pip is configured with, and the server runs from its source folder (PYTHONPATH), started over
stdio with the dummy environment servers.json gives (no credentials, no network needed to
list tools). The answer is trimmed to {name, description, inputSchema}, nothing else changed,
and written beside this script as <file>; sources.json is rewritten from what was captured.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROTOCOL = "2025-06-18"


def sh(cmd: list[str], **kw) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def build_sdk(sources: Path, work: Path, sdk: dict) -> tuple[Path, list[str]]:
    """A wheel of an SDK at a recorded tag (the index holds only the newest line of the MCP SDK and
    of FastMCP, which servers written for older ones cannot run on; and not every library those
    need), and its dependencies. Built
    from a copy with its version written in: its build plugin (uv-dynamic-versioning) is not in the
    index, hatchling is."""
    name, wheels = sdk["package"], work / "wheels"
    src = work / f"{name}-{sdk['version']}"
    if not src.exists():
        repo = sources / sdk["repository"].removeprefix("https://github.com/").replace("/", "+")
        src.mkdir(parents=True)
        archive = subprocess.run(["git", "-C", str(repo), "archive", sdk["commit"]], capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(src)], input=archive, check=True)
        py = (src / "pyproject.toml").read_text()
        py = py.replace('dynamic = ["version"]', f'version = "{sdk["version"]}"')
        py = re.sub(r'requires = \["hatchling", "uv-dynamic-versioning[^"]*"\]', 'requires = ["hatchling"]', py)
        py = re.sub(r"\[tool\.hatch\.version\][^\[]*", "", py)
        py = re.sub(r"\[tool\.uv-dynamic-versioning\][^\[]*", "", py)
        (src / "pyproject.toml").write_text(py)
    found = list(wheels.glob(f"{name}-{sdk['version']}-*.whl"))
    if not found:
        env = {**os.environ, "SETUPTOOLS_SCM_PRETEND_VERSION": sdk["version"]}  # no .git in the copy
        sh([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(src)], check=True, env=env)
        found = list(wheels.glob(f"{name}-{sdk['version']}-*.whl"))
    project = tomllib.loads((src / "pyproject.toml").read_text()).get("project", {})
    return found[0], project.get("dependencies", [])


def install(venv: Path, deps: list[str]) -> list[str]:
    """Installs each dependency as pinned, else unpinned (the index may hold another release); returns what could not be had."""
    if not (venv / "bin" / "python").exists():
        sh([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q"]
    missing = []
    for dep in deps:
        if sh(pip + [dep]).returncode == 0:
            continue
        bare = re.match(r"[A-Za-z0-9_.\-]+(\[[^\]]*\])?", dep).group(0)
        if sh(pip + [bare]).returncode != 0:
            missing.append(dep)
    return missing


class Session:
    """A JSON-RPC 2.0 session over a child's stdio, one message a line (MCP stdio transport)."""

    def __init__(self, argv: list[str], env: dict[str, str], cwd: Path):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd, text=True)
        self.next_id = 0

    def send(self, method: str, params: dict | None = None, notify: bool = False) -> dict | None:
        msg: dict = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        if not notify:
            self.next_id += 1
            msg["id"] = self.next_id
        self.p.stdin.write(json.dumps(msg) + "\n")
        self.p.stdin.flush()
        if notify:
            return None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("the server closed stdout: " + self.p.stderr.read()[-2000:])
            try:
                reply = json.loads(line)
            except json.JSONDecodeError:
                continue  # a stray print on stdout
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply["result"]

    def close(self) -> None:
        self.p.stdin.close()
        try:
            self.p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.p.kill()


def list_tools(argv: list[str], env: dict[str, str], cwd: Path) -> tuple[list[dict], dict]:
    s = Session(argv, env, cwd)
    try:
        init = s.send("initialize", {"protocolVersion": PROTOCOL, "capabilities": {}, "clientInfo": {"name": "toolform-corpus", "version": "0"}})
        s.send("notifications/initialized", notify=True)
        tools, cursor = [], None
        while True:
            page = s.send("tools/list", {"cursor": cursor} if cursor else {})
            tools += page["tools"]
            cursor = page.get("nextCursor")
            if not cursor:
                break
        return tools, init.get("serverInfo", {})
    finally:
        s.close()


def main() -> None:
    sources, work = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    only = set(sys.argv[3:])
    recipe = json.loads((HERE / "servers.json").read_text())
    servers, sdks = recipe["servers"], recipe["sdks"]
    out_sources = json.loads((HERE / "sources.json").read_text()) if (HERE / "sources.json").exists() else []
    by_file = {e["file"]: e for e in out_sources}
    for srv in servers:
        if only and srv["file"] not in only:
            continue
        repo_dir = sources / srv["repository"].removeprefix("https://github.com/").replace("/", "+")
        root = repo_dir / srv.get("dir", ".")
        head = sh(["git", "-C", str(repo_dir), "rev-parse", "--verify", "-q", "HEAD"]).stdout.strip() if (repo_dir / ".git").exists() else ""
        if head and head != srv["commit"]:
            print(f"{srv['file']}: checkout is at {head}, servers.json records {srv['commit']}", file=sys.stderr)
            continue
        project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
        venv = work / srv["file"].removesuffix(".json")
        deps = project.get("dependencies", []) + srv.get("extraDependencies", [])
        first: list[str] = []
        for key in srv.get("sdks", []):
            sdk = sdks[key]
            wheel, sdk_deps = build_sdk(sources, work, sdk)
            # the SDK itself from the wheel, without letting pip fetch another release of it
            (venv / "bin" / "python").exists() or sh([sys.executable, "-m", "venv", str(venv)], check=True)
            sh([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "--no-deps", "--force-reinstall", str(wheel)], check=True)
            names = {sdks[k]["package"] for k in srv["sdks"]}
            first += [d for d in sdk_deps if re.match(r"[A-Za-z0-9_.\-]+", d).group(0).lower() not in names]
            deps = [d for d in deps if re.match(r"[A-Za-z0-9_.\-]+", d).group(0).lower() != sdk["package"]]
            if any(re.match(r"mcp\[cli\]", d) for d in project.get("dependencies", [])):
                first += ["typer", "python-dotenv"]
        missing = install(venv, first + deps)
        env = {"PATH": f"{venv / 'bin'}:/usr/bin:/bin", "HOME": str(work / "home"), "PYTHONPATH": str(root / srv.get("path", "src")), "NO_PROXY": "*", **srv.get("env", {})}
        (work / "home").mkdir(parents=True, exist_ok=True)
        mod, fn = srv["entry"].split(":")
        argv = [str(venv / "bin" / "python"), "-c", f"import sys; sys.argv[0] = {srv['file']!r}; from {mod} import {fn}; sys.exit({fn}())", *srv.get("args", [])]
        try:
            tools, info = list_tools(argv, env, work / "home")
        except Exception as e:  # noqa: BLE001 - report and go on with the next server
            print(f"{srv['file']}: {e} (dependencies not found: {missing})", file=sys.stderr)
            continue
        trimmed = [{k: t[k] for k in ("name", "description", "inputSchema") if k in t} for t in tools]
        (HERE / srv["file"]).write_text(json.dumps({"tools": trimmed}, indent=1, ensure_ascii=False) + "\n")
        pins = sh([str(venv / "bin" / "python"), "-m", "pip", "freeze"]).stdout.split()
        by_file[srv["file"]] = {
            "file": srv["file"],
            "tools": len(trimmed),
            "package": project["name"],
            "version": project["version"],
            "repository": srv["repository"],
            "commit": srv["commit"],
            "license": srv["license"],
            "licenseFile": srv["licenseFile"],
            "server": f"{info.get('name', '?')} {info.get('version', '')}".strip(),
            "runtime": [p for p in pins if re.match(r"(?i)(mcp|fastmcp|pydantic|pydantic-core)(==| @)", p)],
            **({"sdks": [sdks[k] for k in srv["sdks"]]} if "sdks" in srv else {}),
            "obtained": f"tools/list over stdio of {srv['entry']} {' '.join(srv.get('args', []))}".strip() + f" from {srv.get('dir', '.')} at the commit, run from source with dependencies from the package index",
            **({"missingDependencies": missing} if missing else {}),
        }
        print(f"{srv['file']}: {len(trimmed)} tools", flush=True)
        write_sources(by_file, servers)


def write_sources(by_file: dict, servers: list[dict]) -> None:
    """sources.json, in servers.json's order (rewritten after every server, so a stopped run keeps what it listed)."""
    order = [s["file"] for s in servers]
    for s in servers:  # the recipe's licence is the one to record, also for entries captured before it changed
        if s["file"] in by_file:
            by_file[s["file"]].update(license=s["license"], licenseFile=s["licenseFile"])
    (HERE / "sources.json").write_text(json.dumps(sorted(by_file.values(), key=lambda e: order.index(e["file"]) if e["file"] in order else 1e9), indent=1) + "\n")


if __name__ == "__main__":
    main()
