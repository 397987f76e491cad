/**
 * A certificate authority made for one run, so the fake servers can serve https to a host that refuses plain
 * http: the openssl CLI (Node's crypto cannot sign a certificate) makes a CA and a server certificate for
 * 127.0.0.1 and localhost, in a temp directory this process owns. The CA's key is deleted the moment it has
 * signed, so nothing can be signed with it afterwards; the server's key is read into memory and its file
 * removed with the directory when the run ends. A host trusts the CA for these servers alone.
 */
import { execFile } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { ownedTempDir } from "./owned-temp-dir.ts";

const run = promisify(execFile);

/** What `session/open` hands a host (HAP/1's optional `tls`): the CA as PEM text and as a file. */
export interface RunCaPublic {
  /** The CA certificate, PEM. */
  caCertificate: string;
  /** A PEM file of the CA certificate, which lives as long as the run. */
  caFile: string;
}

/** The run's CA: what a host is handed, what the https listener serves, and how to delete it all. */
export interface RunCa extends RunCaPublic {
  /** The server certificate (for 127.0.0.1 and localhost, signed by the CA), PEM. */
  cert: string;
  /** The server certificate's private key, PEM (kept in memory; its file is in the run's temp dir). */
  key: string;
  /** Deletes the temp directory, keys and certificates alike. Idempotent. */
  close(): void;
}

/** Runs openssl, with a message that says which step failed. */
async function openssl(args: string[], cwd: string): Promise<void> {
  try {
    await run("openssl", args, { cwd, timeout: 60_000 });
  } catch (error) {
    throw new Error(`https fake servers need the openssl CLI: openssl ${args[0]} failed: ${(error as Error).message}`);
  }
}

/** Makes the CA and the server certificate (valid two days, P-256 keys) in a fresh owned temp directory. */
export async function makeRunCa(): Promise<RunCa> {
  const dir = ownedTempDir("mcp-collide-tls-");
  try {
    const key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
    await openssl(["req", "-x509", ...key, "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=mcp-collide run CA",
      "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign"], dir.path);
    await openssl(["req", ...key, "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"], dir.path);
    writeFileSync(join(dir.path, "server.ext"), "basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n");
    await openssl(["x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "server.ext"], dir.path);
    rmSync(join(dir.path, "ca.key"));
    const caFile = join(dir.path, "ca.pem");
    return {
      caCertificate: readFileSync(caFile, "utf8"), caFile,
      cert: readFileSync(join(dir.path, "server.pem"), "utf8"), key: readFileSync(join(dir.path, "server.key"), "utf8"),
      close: () => dir.release(),
    };
  } catch (error) {
    dir.release();
    throw error;
  }
}
