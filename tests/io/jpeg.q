% JPEG round trips (docs/media.md "JPEG"): lossy, so values are checked within a tolerance
% on a smooth image (quality 95); gray stays 1 channel, RGB 3.
dir = "/tmp/qpipe-test-io-jpeg-"
H = 32
W = 48
x = zeros(H, W, 3)
for i = 0..H-1
  for j = 0..W-1
    x[i,j,0] = 20 + 4 * i
    x[i,j,1] = 230 - 3 * j
    x[i,j,2] = 128 + 60 * sin(i / 6) * cos(j / 9)
  end
end
imwrite(dir + "rgb.jpg", x)
y = imread(dir + "rgb.jpg")
print size(y)
% expect: [32,48,3]
d = abs(y - x)
print max(d) <= 12, " ", mean(d) < 1.5
% expect: 1 1

g = x[:,:,1]
imwrite(dir + "gray.jpeg", g)
z = imread(dir + "gray.jpeg")
print size(z), " ", max(abs(z[:,:,0] - g)) <= 3
% expect: [32,48,1] 1
