// `npm run dev`: the API with reload (tsx watch) on :3000 and Vite with hot reload on :5173.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "apps/server/src/main.ts"], {
    stdio: "inherit",
    env: { NODE_ENV: "development", ...process.env },
  }),
  spawn("npx", ["vite", "--host", "127.0.0.1"], { cwd: "apps/web", stdio: "inherit" }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", () => stop());
