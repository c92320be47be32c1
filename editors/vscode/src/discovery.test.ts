// Where the server is found, in order: the setting, .venv/venv, the Python extension's
// interpreter, PATH; and what is said when it is nowhere.
import assert from "node:assert/strict";
import { test } from "node:test";
import { expand, findServer, notFoundMessage, type Places } from "./discovery.ts";

function places(over: Partial<Places> = {}): Places {
  return {
    setting: "",
    folders: ["/work/app"],
    interpreter: "/envs/py/bin/python",
    pathVariable: "/usr/local/bin:/usr/bin",
    platform: "linux",
    home: "/home/me",
    ...over,
  };
}

const everywhere = new Set([
  "/work/app/.venv/bin/templating",
  "/work/app/venv/bin/templating",
  "/envs/py/bin/templating",
  "/usr/bin/templating",
]);

test("the setting wins, expanded", () => {
  const found = findServer(places({ setting: "${workspaceFolder}/tools/templating" }), (file) => everywhere.has(file));
  assert.deepEqual(found, { command: "/work/app/tools/templating", source: "the templating.path setting" });
  assert.equal(expand("~/bin/templating", [], "/home/me"), "/home/me/bin/templating");
});

test("then the workspace's .venv, then venv", () => {
  assert.deepEqual(findServer(places(), (file) => everywhere.has(file)), {
    command: "/work/app/.venv/bin/templating",
    source: ".venv of app",
  });
  const noDotVenv = (file: string) => everywhere.has(file) && !file.includes(".venv");
  assert.equal(findServer(places(), noDotVenv)?.command, "/work/app/venv/bin/templating");
});

test("then the Python extension's interpreter, then PATH", () => {
  const outside = (file: string) => everywhere.has(file) && !file.startsWith("/work/");
  assert.deepEqual(findServer(places(), outside), {
    command: "/envs/py/bin/templating",
    source: "the Python extension's interpreter",
  });
  assert.deepEqual(findServer(places({ interpreter: undefined }), outside), {
    command: "/usr/bin/templating",
    source: "PATH",
  });
});

test("Windows keeps its executables in Scripts", () => {
  const found = findServer(
    places({ folders: ["C:\\app"], platform: "win32", pathVariable: "" }),
    (file) => file === "C:\\app\\.venv\\Scripts\\templating.exe",
  );
  assert.deepEqual(found, { command: "C:\\app\\.venv\\Scripts\\templating.exe", source: ".venv of app" });
});

test("nowhere: undefined, and a message that says where it looked and how to install", () => {
  assert.equal(findServer(places(), () => false), undefined);
  const message = notFoundMessage(places());
  assert.match(message, /\.venv\/bin and venv\/bin of the workspace/);
  assert.match(message, /pip install "\.\/agent-templating\[server\]"/);
});
