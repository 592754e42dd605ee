# scripts/databases.bash is sourced by scripts/test and
# scripts/test-integration (it is not a command). databases_up runs
# `scripts/databases up` and exports the variables it prints without
# eval: each line must be export ID_NAME='value' with no quote inside the
# value; any other line is reported and
# makes it fail (after exporting the good ones, so that down still works). Call `scripts/databases down` (it reads
# ID_DATABASES_DIR and ID_DATABASES_TOKEN from the environment) to stop them.

# databases_up exports the variables of a new scripts/databases instance.
databases_up() {
	local out line bad=0
	local re="^export (ID_[A-Z_]+)='([^']*)'$"
	out=$(scripts/databases up) || return 1
	while IFS= read -r line; do
		if [[ "$line" =~ $re ]]; then
			export "${BASH_REMATCH[1]}=${BASH_REMATCH[2]}"
		else
			printf 'unexpected line from scripts/databases up: %q\n' "$line" >&2
			bad=1
		fi
	done <<<"$out"
	return "$bad"
}
