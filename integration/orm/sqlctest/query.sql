-- name: CreateTeam :exec
INSERT INTO teams (id, name) VALUES ($1, $2);

-- name: CreateUser :exec
INSERT INTO users (id, team_id, name) VALUES ($1, $2, $3);

-- name: GetUser :one
SELECT id, team_id, name FROM users WHERE id = $1;

-- name: ListUsers :many
SELECT id, team_id, name FROM users WHERE id = ANY(@ids::ulid[]) ORDER BY id;

-- name: UsersOfTeam :many
SELECT id, team_id, name FROM users WHERE team_id = $1 ORDER BY id;
