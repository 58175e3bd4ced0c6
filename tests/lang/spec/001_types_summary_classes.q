% spec: 001 "Summary" (language notes)
% repaired: the two class headers are fragments: each completed with "end" (no fields)
% run: exec
% example: classes
type R : class
end
type T : mutable class
end
