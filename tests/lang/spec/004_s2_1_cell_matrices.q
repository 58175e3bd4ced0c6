% spec: 004 §2.1 "Cell matrices" (reference manual excerpt)
% repaired: "C = BA" is "C = B-A"; "size(’’)" is the empty cell literal size(`')
% run: exec
A = cell(2,2)
G = cell(3)
A[0,0] = eye(4)
A[1,1] = 3
A[0,1] = cell(1,4)
A[0,1][1] = ones(3,3)
A[0,1][1][0,0] = 2
print A[0,1][1]*3
print size(A)*2
B = copy(A)
C = B-A
print C[0,0]
D = {A,B,C}
D_names = {"A","B","C"}
print D_names[1]
print size(`')
% expect: [[6,3,3],[3,3,3],[3,3,3]]
% expect: [4,4]
% expect: [[0,0,0,0],[0,0,0,0],[0,0,0,0],[0,0,0,0]]
% expect: B
% expect: [0]
