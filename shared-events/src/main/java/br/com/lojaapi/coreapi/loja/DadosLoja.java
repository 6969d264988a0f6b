package br.com.lojaapi.coreapi.loja;

/** Store data, including the sender block printed on shipping labels. */
public record DadosLoja(String nome,
                        String slug,
                        String cnpj,
                        String dominioProprio,
                        String telefone,
                        String cep,
                        String endereco,
                        String numero,
                        String complemento,
                        String bairro,
                        String cidade,
                        String uf) {
}
