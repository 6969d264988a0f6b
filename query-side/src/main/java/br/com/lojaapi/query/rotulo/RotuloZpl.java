package br.com.lojaapi.query.rotulo;

import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;

import java.util.List;
import java.util.Objects;

/**
 * The store's own shipping labels as ZPL for Zebra-compatible thermal printers: one {@code ^XA}...{@code ^XZ} block
 * per label, 100 x 150 mm, with the same information and wording as the PDF.
 *
 * <p>The layout is written once in dots of a 203 dpi printer; for 300 dpi every number is scaled by 300/203 and
 * rounded, so both resolutions print the same label. Text is sent as UTF-8 ({@code ^CI28}): whoever delivers this
 * string to a printer must encode it as UTF-8. Field data goes through {@code ^FH} hex escapes whenever it contains
 * a character that ZPL would read as a command.
 */
public final class RotuloZpl {

    private static final int LARGURA = 800;
    private static final int ALTURA = 1200;
    private static final int MARGEM = 24;
    private static final int UTIL = LARGURA - 2 * MARGEM;
    private static final int ALTURA_DAS_BARRAS = 110;
    private static final int ZONA_DE_SILENCIO_128 = 10;
    /** The printer chooses Code 128 subsets itself and may need a symbol more than ZXing: room for it. */
    private static final int FOLGA_128 = 11;
    private static final int LARGURA_DO_QR = 240;
    private static final int ESPESSURA_DO_SEPARADOR = 3;

    private RotuloZpl() {
    }

    /**
     * @param dpi 203 or 300, the resolution of the printer that will receive the text
     * @throws IllegalArgumentException for any other resolution, or when there is no label to print
     */
    public static String gerar(List<Rotulo> rotulos, int dpi) {
        if (dpi != 203 && dpi != 300) {
            throw new IllegalArgumentException("dpi deve ser 203 ou 300, não " + dpi);
        }
        if (rotulos == null || rotulos.isEmpty()) {
            throw new IllegalArgumentException("nenhuma etiqueta para gerar");
        }
        StringBuilder zpl = new StringBuilder();
        for (Rotulo rotulo : rotulos) {
            new Desenho(zpl, dpi).rotulo(Objects.requireNonNull(rotulo, "rotulo"));
        }
        return zpl.toString();
    }

    /**
     * {@code ^FD} data as ZPL reads it: a caret or tilde would start a command, so such data is sent with
     * {@code ^FH} and those characters (and the underscore, which {@code ^FH} makes the escape) as hex.
     */
    static String dados(String texto) {
        if (texto.indexOf('^') < 0 && texto.indexOf('~') < 0 && texto.indexOf('_') < 0) {
            return "^FD" + texto;
        }
        return "^FH^FD" + texto.replace("_", "_5F").replace("^", "_5E").replace("~", "_7E");
    }

    /** One label being written; {@code y} is the next free row, in 203 dpi dots from the top. */
    private static final class Desenho {

        private final StringBuilder zpl;
        private final int dpi;
        private int y = MARGEM;

        Desenho(StringBuilder zpl, int dpi) {
            this.zpl = zpl;
            this.dpi = dpi;
        }

        void rotulo(Rotulo rotulo) {
            ConteudoDoRotulo conteudo = rotulo.conteudo();
            comando("^XA");
            comando("^CI28");
            comando("^PW" + d(LARGURA));
            comando("^LL" + d(ALTURA));
            comando("^LH" + d(0) + "," + d(0));
            remetente(conteudo.remetente());
            separador();
            pedido(conteudo.numero());
            separador();
            destinatario(conteudo.destinatario());
            separador();
            envio(conteudo, rotulo);
            itens(conteudo.itens());
            comando("^XZ");
        }

        private void remetente(Remetente remetente) {
            linhas("REMETENTE", 20, 1);
            linhas(remetente.nome(), 26, 1);
            for (String linha : TextosDoRotulo.enderecoDoRemetente(remetente)) {
                linhas(linha, 22, 1);
            }
        }

        /** Same choice as the PDF: text and bars side by side when both fit, the widest module first. */
        private void pedido(long numero) {
            String titulo = TextosDoRotulo.pedido(numero);
            int modulos = CodigosDeBarras.code128(numero).length + FOLGA_128;
            int alturaDaLinha = ALTURA_DAS_BARRAS + 10;
            for (int modulo = 4; modulo >= 2; modulo--) {
                for (int tamanho = 56; tamanho >= 44; tamanho -= 4) {
                    if (largura(titulo, tamanho) + (modulos + 2 * ZONA_DE_SILENCIO_128) * modulo <= UTIL) {
                        texto(MARGEM, y + (alturaDaLinha - tamanho) / 2, tamanho, titulo);
                        barras(numero, LARGURA - MARGEM - (modulos + ZONA_DE_SILENCIO_128) * modulo, y + 5, modulo);
                        y += alturaDaLinha;
                        return;
                    }
                }
            }
            int tamanho = Math.min(56, 56 * UTIL / largura(titulo, 56));
            texto(MARGEM + (UTIL - largura(titulo, tamanho)) / 2, y, tamanho, titulo);
            y += entrelinha(56);
            int modulo = Math.max(1, UTIL / (modulos + 2 * ZONA_DE_SILENCIO_128));
            barras(numero, (LARGURA - modulos * modulo) / 2, y + 5, modulo);
            y += alturaDaLinha;
        }

        private void destinatario(Destinatario destinatario) {
            linhas("DESTINATÁRIO", 20, 1);
            linhas(destinatario.nome(), 34, 2);
            linhas(TextosDoRotulo.logradouro(destinatario.endereco(), destinatario.numero(),
                    destinatario.complemento()), 28, 2);
            linhas(destinatario.bairro(), 28, 1);
            linhas(TextosDoRotulo.cidadeUf(destinatario.cidade(), destinatario.uf()), 28, 1);
            String cep = TextosDoRotulo.cep(destinatario.cep());
            String telefone = TextosDoRotulo.telefone(destinatario.telefone());
            if (cep != null && telefone != null && largura(cep, 36) + 30 + largura(telefone, 28) <= UTIL) {
                texto(MARGEM, y, 36, cep);
                texto(MARGEM + largura(cep, 36) + 30, y + 6, 28, telefone);
                y += entrelinha(36);
            } else {
                linhas(cep, 36, 1);
                linhas(telefone, 28, 1);
            }
            linhas(TextosDoRotulo.referencia(destinatario.referencia()), 24, 2);
        }

        private void envio(ConteudoDoRotulo conteudo, Rotulo rotulo) {
            int topo = y;
            int larguraDoTexto = UTIL - LARGURA_DO_QR - 12;
            String entrega = TextosDoRotulo.limpo(conteudo.entrega());
            linhas(entrega == null ? null : "Entrega: " + entrega, 28, 1, larguraDoTexto);
            String rastreio = TextosDoRotulo.limpo(conteudo.codigoRastreio());
            linhas(rastreio == null ? null : "Rastreio: " + rastreio, 28, 1, larguraDoTexto);
            if (conteudo.nota() != null) {
                linhas(TextosDoRotulo.nota(conteudo.nota()), 28, 1, larguraDoTexto);
                for (String linha : TextosDoRotulo.chaveEmGrupos(conteudo.nota().chave())) {
                    linhas(linha, 22, 1, larguraDoTexto);
                }
            }
            if (conteudo.pesoKg() != null) {
                linhas("Peso: " + TextosDoRotulo.peso(conteudo.pesoKg()), 28, 1, larguraDoTexto);
            }
            int fimDoTexto = volume(TextosDoRotulo.volume(rotulo), y + 10, larguraDoTexto);
            int fimDoQr = qr(conteudo.link(), topo);
            y = Math.max(fimDoTexto, fimDoQr);
        }

        private int volume(String texto, int topo, int larguraMaxima) {
            int tamanho = 44;
            int altura = 66;
            int caixa = Math.min(larguraMaxima, largura(texto, tamanho) + 40);
            comando("^FO" + d(MARGEM) + "," + d(topo) + "^GB" + d(caixa) + "," + d(altura) + "," + d(4) + "^FS");
            texto(MARGEM + 20, topo + (altura - tamanho) / 2 + 2, tamanho, texto);
            return topo + altura + 6;
        }

        /**
         * {@code QA,} asks for error correction level Q and automatic encoding, and is not part of the content:
         * a phone reads exactly the link.
         */
        private int qr(String link, int topo) {
            int lado = CodigosDeBarras.qr(link, ErrorCorrectionLevel.Q).getWidth();
            int ampliacao = Math.max(2, Math.min(6, LARGURA_DO_QR / (lado + 8)));
            int inicio = LARGURA - MARGEM - LARGURA_DO_QR;
            int x = inicio + (LARGURA_DO_QR - lado * ampliacao) / 2;
            comando("^FO" + d(x) + "," + d(topo + 4 * ampliacao) + "^BQN,2," + d(ampliacao)
                    + dados("QA," + link) + "^FS");
            int linha = topo + 4 * ampliacao + lado * ampliacao + 16;
            for (String parte : Tipografia.quebrar(TextosDoRotulo.limpo(imprimivel(link)), Tipografia.NEGRITO,
                    16, LARGURA_DO_QR, 3)) {
                texto(inicio + (LARGURA_DO_QR - largura(parte, 16)) / 2, linha, 16, parte);
                linha += entrelinha(16);
            }
            return linha;
        }

        private void itens(List<String> itens) {
            if (itens.isEmpty()) {
                return;
            }
            int tamanho = 22;
            int separador = 23;
            int disponivel = ALTURA - MARGEM - y - separador - entrelinha(20);
            int linhas = disponivel / entrelinha(tamanho);
            if (linhas < 1) {
                return;
            }
            separador();
            linhas("CONTEÚDO", 20, 1);
            for (String item : TextosDoRotulo.itensQueCabem(itens, linhas)) {
                linhas(item, tamanho, 1);
            }
        }

        private void separador() {
            y += 8;
            comando("^FO" + d(MARGEM) + "," + d(y) + "^GB" + d(UTIL) + "," + d(ESPESSURA_DO_SEPARADOR) + ","
                    + d(ESPESSURA_DO_SEPARADOR) + "^FS");
            y += ESPESSURA_DO_SEPARADOR + 12;
        }

        private void linhas(String texto, int tamanho, int maximo) {
            linhas(texto, tamanho, maximo, UTIL);
        }

        private void linhas(String texto, int tamanho, int maximo, int largura) {
            String limpo = TextosDoRotulo.limpo(texto);
            if (limpo == null) {
                return;
            }
            for (String linha : Tipografia.quebrar(imprimivel(limpo), Tipografia.NEGRITO, tamanho, largura,
                    maximo)) {
                texto(MARGEM, y, tamanho, linha);
                y += entrelinha(tamanho);
            }
        }

        private void texto(int x, int topo, int tamanho, String texto) {
            comando("^FO" + d(x) + "," + d(topo) + "^A0N," + d(tamanho) + "," + d(tamanho)
                    + dados(texto.replace("\u2026", "...")) + "^FS");
        }

        private void barras(long numero, int x, int topo, int modulo) {
            comando("^FO" + d(x) + "," + d(topo) + "^BY" + d(modulo) + "^BCN," + d(ALTURA_DAS_BARRAS) + ",N,N,N,A"
                    + "^FD" + numero + "^FS");
        }

        private void comando(String comando) {
            zpl.append(comando).append('\n');
        }

        /** A 203 dpi measure at this printer's resolution. */
        private int d(int pontos) {
            return dpi == 203 ? pontos : (int) Math.round(pontos * 300.0 / 203);
        }

        private static int entrelinha(int tamanho) {
            return tamanho + tamanho / 4;
        }

        private static int largura(String texto, int tamanho) {
            return (int) Math.ceil(Tipografia.NEGRITO.getWidthPoint(imprimivel(texto), tamanho));
        }

        /** The PDF's character set: the two formats print the same letters, and the widths are measurable. */
        private static String imprimivel(String texto) {
            return Tipografia.emWinAnsi(texto);
        }
    }
}
