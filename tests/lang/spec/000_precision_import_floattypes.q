% spec: 000 "Datatypes and working precision" (CUDA support guide)
% repaired: inline "Import `floattypes .q`" written as an import statement; the space before `.q` is extraction damage
% run: exec
import "floattypes.q"
