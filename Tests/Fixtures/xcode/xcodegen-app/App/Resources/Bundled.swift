// A template copied as a resource, never compiled.
