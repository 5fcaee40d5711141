#!/usr/bin/env python3
"""The rendered Jobs' pods as podman containers (pods-local.sh).

  pods-local.py podman-args MANIFEST VOLUME_DIR [INDEX]   one container's `podman run` arguments, NUL-separated
  pods-local.py volume-owner MANIFEST                       the owner uid:gid the claim's directory gets (fsGroup)

Everything a container is started with comes from the rendered Job (shards-job.yaml, collect-job.yaml):
its image, command and args with $(VAR) expanded from its env as Kubernetes expands them, its env
(JOB_COMPLETION_INDEX=INDEX for an Indexed Job, as the Job controller sets it), runAsUser/runAsGroup
and fsGroup, readOnlyRootFilesystem, allowPrivilegeEscalation, dropped and added capabilities, its
volume mounts (the claim: VOLUME_DIR, shared by every container; an emptyDir: a tmpfs of its
sizeLimit) and its CPU and memory limits. A field this emulation does not know fails it, naming
the field, rather than being left out.
"""
import json
import os
import re
import sys

import yaml

# The Job controller's annotation for an Indexed Job's pod index.
INDEX_FIELD = "metadata.annotations['batch.kubernetes.io/job-completion-index']"
KNOWN_CONTAINER_FIELDS = {"name", "image", "command", "args", "env", "resources", "securityContext",
                          "volumeMounts", "workingDir"}
KNOWN_SECURITY_FIELDS = {"allowPrivilegeEscalation", "readOnlyRootFilesystem", "capabilities",
                         "runAsUser", "runAsGroup", "runAsNonRoot"}


class Unsupported(Exception):
    pass


def load_job(path):
    with open(path) as handle:
        jobs = [doc for doc in yaml.safe_load_all(handle) if doc and doc.get("kind") == "Job"]
    if len(jobs) != 1:
        raise Unsupported(f"{path}: expected one Job, found {len(jobs)}")
    return jobs[0]


def pod_and_container(job):
    pod = job["spec"]["template"]["spec"]
    if pod.get("initContainers"):
        raise Unsupported("initContainers are not emulated")
    containers = pod["containers"]
    if len(containers) != 1:
        raise Unsupported(f"{len(containers)} containers in one pod: one is emulated")
    container = containers[0]
    unknown = set(container) - KNOWN_CONTAINER_FIELDS
    if unknown:
        raise Unsupported(f"container {container['name']}: fields {sorted(unknown)} are not emulated")
    return pod, container


def expand(text, env):
    """Kubernetes' expansion of command, args and env values: $(VAR) of a declared variable, $$ for $."""
    def replace(match):
        if match.group(0) == "$$":
            return "$"
        name = match.group(1)
        return env[name] if name in env else match.group(0)
    return re.sub(r"\$\$|\$\(([A-Za-z_][A-Za-z0-9_]*)\)", replace, text)


def environment(job, container, index):
    env = {}
    indexed = job["spec"].get("completionMode") == "Indexed"
    if indexed:
        if index is None:
            raise Unsupported("an Indexed Job's pod needs an INDEX")
        env["JOB_COMPLETION_INDEX"] = str(index)
    for entry in container.get("env", []):
        if "value" in entry:
            env[entry["name"]] = expand(str(entry["value"]), env)
        elif entry.get("valueFrom", {}).get("fieldRef", {}).get("fieldPath") == INDEX_FIELD and indexed:
            env[entry["name"]] = str(index)
        else:
            raise Unsupported(f"env {entry['name']}: only values and the completion-index fieldRef are emulated")
    return env


def cpus(quantity):
    text = str(quantity)
    return int(text[:-1]) / 1000 if text.endswith("m") else float(text)


def memory_bytes(quantity):
    units = {"Ki": 2**10, "Mi": 2**20, "Gi": 2**30, "Ti": 2**40, "k": 10**3, "M": 10**6, "G": 10**9, "T": 10**12}
    text = str(quantity)
    for suffix, factor in units.items():
        if text.endswith(suffix) and text[:-len(suffix)].isdigit():
            return int(text[:-len(suffix)]) * factor
    if text.isdigit():
        return int(text)
    raise Unsupported(f"memory quantity {text!r} is not emulated")


def user(pod, container):
    merged = dict(pod.get("securityContext", {}))
    merged.update({k: v for k, v in container.get("securityContext", {}).items() if k.startswith("runAs")})
    uid, gid = merged.get("runAsUser"), merged.get("runAsGroup")
    if merged.get("runAsNonRoot") and (uid is None or uid == 0):
        raise Unsupported("runAsNonRoot without a non-zero runAsUser: the kubelet would not start it")
    return uid, gid


def volume_owner(path):
    job = load_job(path)
    pod, container = pod_and_container(job)
    uid, gid = user(pod, container)
    fs_group = pod.get("securityContext", {}).get("fsGroup")
    # With fsGroup the kubelet gives a volume to that group, setgid, group-writable; otherwise it is the runtime's.
    return f"0:{fs_group}" if fs_group is not None else f"{uid}:{gid}"


def podman_args(path, volume_dir, index):
    job = load_job(path)
    pod, container = pod_and_container(job)
    env = environment(job, container, index)
    args = []
    for name, value in env.items():
        args += ["--env", f"{name}={value}"]

    uid, gid = user(pod, container)
    if uid is not None:
        args += ["--user", f"{uid}:{gid}" if gid is not None else str(uid)]
    pod_security = pod.get("securityContext", {})
    for group in ([pod_security["fsGroup"]] if "fsGroup" in pod_security else []) + pod_security.get("supplementalGroups", []):
        args += ["--group-add", str(group)]

    security = container.get("securityContext", {})
    unknown = set(security) - KNOWN_SECURITY_FIELDS
    if unknown:
        raise Unsupported(f"securityContext fields {sorted(unknown)} are not emulated")
    if security.get("readOnlyRootFilesystem"):
        # Only what the pod mounts is writable: no tmpfs of podman's own on /tmp, /run, /var/tmp.
        args += ["--read-only", "--read-only-tmpfs=false"]
    if security.get("allowPrivilegeEscalation") is False:
        args += ["--security-opt", "no-new-privileges"]
    for capability in security.get("capabilities", {}).get("drop", []):
        args += ["--cap-drop", capability]
    for capability in security.get("capabilities", {}).get("add", []):
        args += ["--cap-add", capability]

    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    for mount in container.get("volumeMounts", []):
        volume = volumes[mount["name"]]
        read_only = ":ro" if mount.get("readOnly") else ""
        if "persistentVolumeClaim" in volume:
            args += ["--volume", f"{volume_dir}:{mount['mountPath']}{read_only}"]
        elif "emptyDir" in volume:
            options = ["rw", "mode=1777"]
            if "sizeLimit" in (volume["emptyDir"] or {}):
                options.append(f"size={memory_bytes(volume['emptyDir']['sizeLimit'])}")
            args += ["--tmpfs", f"{mount['mountPath']}:{','.join(options)}"]
        else:
            raise Unsupported(f"volume {mount['name']}: only a persistentVolumeClaim and emptyDir are emulated")

    limits = container.get("resources", {}).get("limits", {})
    if "cpu" in limits:
        # podman refuses more CPUs than the machine has; a cluster node would have them.
        args += ["--cpus", f"{min(cpus(limits['cpu']), float(os.cpu_count() or 1)):g}"]
    if "memory" in limits:
        args += ["--memory", str(memory_bytes(limits["memory"]))]
    if "workingDir" in container:
        args += ["--workdir", container["workingDir"]]
    if "command" in container:
        args += ["--entrypoint", json.dumps([expand(c, env) for c in container["command"]])]
    args.append(container["image"])
    args += [expand(a, env) for a in container.get("args", [])]
    return args


def main(argv):
    try:
        if argv[1] == "podman-args":
            index = int(argv[4]) if len(argv) > 4 else None
            sys.stdout.write("\0".join(podman_args(argv[2], argv[3], index)) + "\0")
        elif argv[1] == "volume-owner":
            print(volume_owner(argv[2]))
        else:
            print(__doc__, file=sys.stderr)
            return 64
    except Unsupported as error:
        print(f"pods-local: {argv[2]}: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
