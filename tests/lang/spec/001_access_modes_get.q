% spec: 001 "Boundary access modes in Quasar" (language notes)
% repaired: the table of modifier names written as declarations of a mat with each modifier
% run: parse
% example: get access modes
a0 : mat % (no modifier) =error (default) or zero extension (kernel, device function)
a1 : mat'safe % zero extension
a2 : mat'mirror % mirroring near the boundaries
a3 : mat'circular % circular boundary extension
a4 : mat'clamped % keep boundary values
a5 : mat'unchecked % results undefined when reading outside
a6 : mat'checked % error when reading outside
