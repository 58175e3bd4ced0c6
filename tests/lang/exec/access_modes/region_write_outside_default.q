% Spec 001 "Boundary access modes", the put modes: 'safe is the default for writes, so a
% region write outside B under the default mode writes the part inside and ignores the
% rest. The notes' example, with a 256x256 ramp instead of lena_big.tif: A is circular,
% B[-127..128, -127..128] = A[-127..128, -127..128] copies A's rows and columns 0..128.
A : mat'circular = reshape(0..65535, [256, 256])
B = zeros(size(A))
B[-127..128, -127..128] = A[-127..128, -127..128]
print B[0, 0], " ", B[128, 128], " ", B[3, 100]
print B[129, 0], " ", B[0, 129], " ", B[255, 255]
print sum(B[0..128, 0..128] != A[0..128, 0..128]), " ", sum(B) == 273711168
% scalar writes outside are ignored too
v = [1, 2, 3]
v[5] = 9
v[-1] = 9
print v
% 'checked still makes a write outside an error
w : vec'checked = [1, 2, 3]
w[3] = 0
% A[m,n] = 256 m + n; the sum over m, n in 0..128: 129 * (256 * 8256) + 129 * 8256
% expect: 0 32896 868
% expect: 0 0 0
% expect: 0 1
% expect: [1,2,3]
% expect error: line 18: index out of range: w[3] with size(w) = [3]
