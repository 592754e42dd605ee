-- testdata is not the module's schema: name stays text.
CREATE TABLE repos (name uuid);
