// Pack the extension as a .vsix carrying the Python package's version (from pyproject.toml),
// into the repository's dist/ folder: dist/templating-<version>.vsix. Run after `npm ci`.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(dirname(fileURLToPath(import.meta.url)));
const root = join(here, "..", "..");
const project = readFileSync(join(root, "pyproject.toml"), "utf8");
const version = /^\[project\][^[]*?^version = "([^"]+)"/ms.exec(project)?.[1];
if (version === undefined) {
  throw new Error("pyproject.toml names no [project] version");
}
const manifest = JSON.parse(readFileSync(join(here, "package.json"), "utf8"));
if (manifest.version !== version) {
  throw new Error(`editors/vscode/package.json has version ${manifest.version}, the Python package ${version}: make them equal`);
}
copyFileSync(join(root, "LICENSE"), join(here, "LICENSE")); // one licence, the repository's
mkdirSync(join(root, "dist"), { recursive: true });
const out = join(root, "dist", `${manifest.name}-${version}.vsix`);
const vsce = join(here, "node_modules", "@vscode", "vsce", "vsce");
execFileSync(process.execPath, [vsce, "package", "--no-dependencies", "--out", out], { cwd: here, stdio: "inherit" });
console.log(out);
