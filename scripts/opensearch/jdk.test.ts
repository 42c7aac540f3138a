import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  OPENSEARCH_2_VERSION,
  OPENSEARCH_3_VERSION,
  chooseRuntime,
  findJdks,
  jdkSupports,
  parseJavaMajor,
} from './jdk';

let jvm: string;

/** A fake JDK: a `release` file and an (empty) `bin/java`, which is all findJdks looks at. */
function fakeJdk(name: string, javaVersion: string | undefined, withJava = true): string {
  const home = path.join(jvm, name);
  fs.mkdirSync(path.join(home, 'bin'), { recursive: true });
  if (withJava) fs.writeFileSync(path.join(home, 'bin', 'java'), '');
  if (javaVersion !== undefined) {
    fs.writeFileSync(
      path.join(home, 'release'),
      `IMPLEMENTOR="Someone"\nJAVA_VERSION="${javaVersion}"\nJAVA_VERSION_DATE="2025-04-15"\n`
    );
  }
  return fs.realpathSync(home);
}

beforeEach(() => {
  jvm = fs.mkdtempSync(path.join(os.tmpdir(), 'jdk-test-'));
});

afterEach(() => {
  fs.rmSync(jvm, { recursive: true, force: true });
});

describe('parseJavaMajor', () => {
  it('reads modern and legacy version strings', () => {
    expect(parseJavaMajor('JAVA_VERSION="17.0.15"\n')).toBe(17);
    expect(parseJavaMajor('X=1\nJAVA_VERSION="25"\n')).toBe(25);
    expect(parseJavaMajor('JAVA_VERSION="21-ea"')).toBe(21);
    expect(parseJavaMajor('JAVA_VERSION="1.8.0_392"')).toBe(8);
  });

  it('ignores JAVA_VERSION_DATE and rejects files without a version', () => {
    expect(parseJavaMajor('JAVA_VERSION_DATE="2025-04-15"\n')).toBeUndefined();
    expect(parseJavaMajor('')).toBeUndefined();
  });
});

describe('findJdks', () => {
  it('finds JDKs by their release file, counting symlinked aliases once', () => {
    const jdk17 = fakeJdk('java-17-openjdk-amd64', '17.0.15');
    fs.symlinkSync(jdk17, path.join(jvm, 'java-1.17.0-openjdk-amd64'));
    const jdk25 = fakeJdk('temurin-25-jdk-amd64', '25.0.3');
    fakeJdk('openjdk-17', undefined); // Debian's docs-only directory
    fakeJdk('broken', '21.0.1', false); // no bin/java
    fs.writeFileSync(path.join(jvm, '.java-1.17.0-openjdk-amd64.jinfo'), 'name=x\n');

    const jdks = findJdks([jvm]).sort((a, b) => a.major - b.major);
    expect(jdks).toEqual([
      { home: jdk17, major: 17 },
      { home: jdk25, major: 25 },
    ]);
  });

  it('adds explicit homes and tolerates missing directories', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'jdk-home-'));
    try {
      fs.mkdirSync(path.join(other, 'bin'));
      fs.writeFileSync(path.join(other, 'bin', 'java'), '');
      fs.writeFileSync(path.join(other, 'release'), 'JAVA_VERSION="21.0.4"\n');
      const jdks = findJdks([path.join(jvm, 'nope')], [other]);
      expect(jdks).toEqual([{ home: fs.realpathSync(other), major: 21 }]);
    } finally {
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('jdkSupports', () => {
  it('needs JDK 21+ for 3.x and JDK 11 to 23 for 2.x', () => {
    expect(jdkSupports(21, '3.6.0')).toBe(true);
    expect(jdkSupports(25, '3.6.0')).toBe(true);
    expect(jdkSupports(17, '3.6.0')).toBe(false);
    expect(jdkSupports(17, '2.19.6')).toBe(true);
    expect(jdkSupports(21, '2.19.6')).toBe(true);
    expect(jdkSupports(24, '2.19.6')).toBe(false); // SecurityManager is gone
    expect(jdkSupports(8, '2.19.6')).toBe(false);
  });
});

describe('chooseRuntime', () => {
  it('prefers OpenSearch 3 on the newest JDK 21+', () => {
    fakeJdk('java-17-openjdk-amd64', '17.0.15');
    fakeJdk('java-21-openjdk-amd64', '21.0.4');
    const home25 = fakeJdk('temurin-25-jdk-amd64', '25.0.3');
    expect(chooseRuntime(findJdks([jvm]))).toEqual({
      javaHome: home25,
      javaMajor: 25,
      opensearchVersion: OPENSEARCH_3_VERSION,
    });
  });

  it('prefers Temurin among JDKs of the same release', () => {
    fakeJdk('java-21-openjdk-amd64', '21.0.4');
    const temurin = fakeJdk('temurin-21-jdk-amd64', '21.0.5');
    expect(chooseRuntime(findJdks([jvm])).javaHome).toBe(temurin);
  });

  it('falls back to OpenSearch 2.19 with only JDK 17', () => {
    const home17 = fakeJdk('java-17-openjdk-amd64', '17.0.15');
    expect(chooseRuntime(findJdks([jvm]))).toEqual({
      javaHome: home17,
      javaMajor: 17,
      opensearchVersion: OPENSEARCH_2_VERSION,
    });
  });

  it('runs a requested 2.x on a JDK it supports, skipping a newer one it does not', () => {
    const home17 = fakeJdk('java-17-openjdk-amd64', '17.0.15');
    fakeJdk('temurin-25-jdk-amd64', '25.0.3');
    expect(chooseRuntime(findJdks([jvm]), '2.19.6')).toEqual({
      javaHome: home17,
      javaMajor: 17,
      opensearchVersion: '2.19.6',
    });
  });

  it('explains what is missing', () => {
    fakeJdk('java-11-openjdk-amd64', '11.0.2');
    expect(() => chooseRuntime(findJdks([jvm]), '3.6.0')).toThrow(/3\.6\.0 needs JDK 21.*JDK 11/);
    expect(() => chooseRuntime([])).toThrow(/No suitable JDK.*Found: none/);
  });
});
