package br.com.lojaapi.command.notafiscal;

import br.com.lojaapi.coreapi.comum.ErroDeNegocio;
import br.com.lojaapi.coreapi.notafiscal.DadosNotaFiscal;
import org.w3c.dom.Element;

import java.math.BigDecimal;
import java.time.OffsetDateTime;

/**
 * ABRASF {@code CompNfse}, 1.00 and 2.0x, read by element names whatever the namespace (municipal providers
 * change it). The value is the services' gross value ({@code ValorServicos}) when present, else the net value;
 * the provider and taker are found where each version puts them. A cancellation block makes it enter cancelled.
 */
final class LeitorDeNfse {

    private LeitorDeNfse() {
    }

    static LeituraFiscal.Nota ler(Element comp) {
        Element inf = Dom.caminho(comp, "Nfse", "InfNfse");
        if (inf == null) {
            throw ErroDeNegocio.invalido("O XML CompNfse não tem o grupo Nfse/InfNfse");
        }
        String numero = Dom.texto(inf, "Numero");
        String codigo = Dom.texto(inf, "CodigoVerificacao");
        if (numero == null || codigo == null) {
            throw ErroDeNegocio.invalido("NFS-e sem Numero ou CodigoVerificacao");
        }
        OffsetDateTime emissao = LeitorFiscal.dataHora(Dom.texto(inf, "DataEmissao"), "InfNfse/DataEmissao");
        Element declaracao = Dom.caminho(inf, "DeclaracaoPrestacaoServico", "InfDeclaracaoPrestacaoServico");
        String valor = LeitorFiscal.primeiro(
                Dom.texto(inf, "Servico", "Valores", "ValorServicos"),
                declaracao == null ? null : Dom.texto(declaracao, "Servico", "Valores", "ValorServicos"),
                Dom.texto(inf, "ValoresNfse", "ValorLiquidoNfse"),
                Dom.texto(inf, "Servico", "Valores", "ValorLiquidoNfse"));
        BigDecimal valorTotal = LeitorFiscal.decimal(valor, "ValorServicos");
        String prestador = LeitorFiscal.primeiro(
                Dom.texto(inf, "PrestadorServico", "IdentificacaoPrestador", "Cnpj"),
                documento(Dom.caminho(inf, "PrestadorServico", "IdentificacaoPrestador", "CpfCnpj")),
                declaracao == null ? null : documento(Dom.caminho(declaracao, "Prestador", "CpfCnpj")));
        String tomador = LeitorFiscal.primeiro(
                documento(Dom.caminho(inf, "TomadorServico", "IdentificacaoTomador", "CpfCnpj")),
                declaracao == null ? null
                        : documento(Dom.caminho(declaracao, "Tomador", "IdentificacaoTomador", "CpfCnpj")),
                declaracao == null ? null
                        : documento(Dom.caminho(declaracao, "TomadorServico", "IdentificacaoTomador", "CpfCnpj")));
        OffsetDateTime canceladaEm = null;
        Element confirmacao = Dom.caminho(comp, "NfseCancelamento", "Confirmacao");
        if (confirmacao != null) {
            canceladaEm = LeitorFiscal.dataHora(LeitorFiscal.primeiro(Dom.texto(confirmacao, "DataHoraCancelamento"),
                    Dom.texto(confirmacao, "DataHora")), "NfseCancelamento/Confirmacao/DataHora");
        }
        return new LeituraFiscal.Nota(new DadosNotaFiscal(DadosNotaFiscal.NFSE, null, numero, null, codigo, emissao,
                valorTotal, prestador, tomador, null, false), canceladaEm);
    }

    private static String documento(Element cpfCnpj) {
        return cpfCnpj == null ? null : LeitorFiscal.primeiro(Dom.texto(cpfCnpj, "Cnpj"), Dom.texto(cpfCnpj, "Cpf"));
    }
}
