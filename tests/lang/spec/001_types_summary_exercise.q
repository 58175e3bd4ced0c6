% spec: 001 "Summary" (language notes)
% repaired: one "]" missing in the text (the brackets do not balance): added to close "vec[" before "| cscalar"
% run: parse
% example: exercise: combined types
% (the text presents this as a joke exercise)
type X : [vec[ [??->[int|mat|cube[??->??] ] | int -> ?? | __device__ mat->() ] ] | cscalar ]
